import { siteContent } from '../lib/site-content';
import { SubmissionForm } from '../features/forms/SubmissionForm';
import { SimplePage } from './SimplePage';

export function ContactPage() {
  const { text, email } = siteContent().contact;
  return (
    <SimplePage
      route="contact"
      eyebrow="Say hello"
      lead={
        <>
          {text} <a href={`mailto:${email}`}>{email}</a>, or use the form below.
        </>
      }
    >
      <section className="page__section" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title" className="page__section-title">
          Send a message
        </h2>
        <p className="page__section-lead">
          Questions about a piece of art or music, a collaboration, or just a kind word: every
          message is read by a person.
        </p>
        <SubmissionForm type="contact" />
      </section>
    </SimplePage>
  );
}
