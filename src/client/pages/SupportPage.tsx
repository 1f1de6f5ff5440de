import { siteContent } from '../app/site-content';
import { SimplePage } from './SimplePage';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function SupportPage() {
  const { email } = siteContent.contact;
  return (
    <SimplePage
      route="support"
      eyebrow="Help"
      lead={
        <>
          Stuck with an indicator, your account or a purchase? Write to{' '}
          <a href={`mailto:${email}`}>{email}</a> and you will get a personal answer.
        </>
      }
      later="A support form and answers to common questions arrive with a later release."
    />
  );
}
