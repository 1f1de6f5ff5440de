import { Link } from '../lib/navigation/router';
import { paths } from '#shared/paths';
import { PASSWORD_RESET_LINK_MINUTES } from '#shared/timing';
import { siteContent } from '../lib/site-content';
import { SubmissionForm } from '../features/forms/SubmissionForm';
import { Faq } from '../ui/Faq';
import { SimplePage } from './SimplePage';

const QUESTIONS = [
  {
    question: 'I forgot my password.',
    answer: (
      <>
        Open Log in from the navigation and choose “Forgot password?”. A reset link arrives by email
        and works once, for {PASSWORD_RESET_LINK_MINUTES} minutes.
      </>
    ),
  },
  {
    question: 'My indicator trial does not show up on TradingView.',
    answer: (
      <>
        Access is granted to the TradingView username you entered, usually within a day. Check the
        spelling on your <Link to={paths.account}>account page</Link>; if it is wrong, send a
        request below with the right one.
      </>
    ),
  },
  {
    question: 'How do I pay for an indicator?',
    answer: (
      <>
        With Bitcoin, Ethereum or the membership page; there are no card payments on this site. The{' '}
        <Link to={paths.purchase}>purchase page</Link> explains the plans.
      </>
    ),
  },
  {
    question: 'Can I get my data, or delete my account?',
    answer: (
      <>
        Yes, both from your <Link to={paths.account}>account page</Link>: download everything stored
        about you as a file, or delete the account and its data.
      </>
    ),
  },
];

export function SupportPage() {
  const { email } = siteContent().contact;
  return (
    <SimplePage
      route="support"
      eyebrow="Help"
      lead={
        <>
          Stuck with an indicator, your account or a purchase? Look through the common questions, or
          send a request and you will get a personal answer. Email works too:{' '}
          <a href={`mailto:${email}`}>{email}</a>.
        </>
      }
    >
      <section className="page__section" aria-labelledby="support-questions-title">
        <h2 id="support-questions-title" className="page__section-title">
          Common questions
        </h2>
        <Faq entries={QUESTIONS} />
      </section>
      <section className="page__section" aria-labelledby="support-form-title">
        <h2 id="support-form-title" className="page__section-title">
          Ask for help
        </h2>
        <SubmissionForm type="support" />
      </section>
    </SimplePage>
  );
}
