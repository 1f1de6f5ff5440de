import { siteContent } from '../app/site-content';
import { SimplePage } from './SimplePage';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function ContactPage() {
  const { text, email } = siteContent.contact;
  return (
    <SimplePage
      route="contact"
      eyebrow="Say hello"
      lead={
        <>
          {text} <a href={`mailto:${email}`}>{email}</a>.
        </>
      }
      later="A contact form arrives with a later release; e-mail works today."
    />
  );
}
