import { Link } from 'react-router';
import { paths } from '#shared/paths';
import { siteContent } from '../app/site-content';
import { PageMain } from './PageMain';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function AboutPage() {
  const { creatorName, description, contact } = siteContent;
  return (
    <PageMain route="about">
      <div className="page__intro">
        <p className="page__eyebrow">About</p>
        <h1 className="page__title">Hi, I'm {creatorName}</h1>
        <p className="page__lead">{description}</p>
      </div>
      <div className="page__prose">
        <p>
          The things on this site look different from each other, but they come from the same place:
          wanting tools and work that are made with care, explained plainly and pleasant to use.
        </p>
        <p>
          The <Link to={paths.longAndShortPosition}>indicators</Link> run on TradingView and are
          built to make a trade easier to read at a glance. The <Link to={paths.art}>art</Link> and{' '}
          <Link to={paths.music}>music</Link> are shared as they are made.{' '}
          <Link to={paths.lokalaJobb}>Lokala jobb</Link> builds websites for local Swedish
          businesses, and <Link to={paths.nowou}>Nowou</Link> is a small productivity app that keeps
          your timelines, notes, brainstorms and to-dos in your own browser.
        </p>
        <p>
          A fuller story, with the road that led here, comes with a later update. Until then, the
          best way to get to know each other is to write:{' '}
          <a href={`mailto:${contact.email}`}>{contact.email}</a>.
        </p>
      </div>
    </PageMain>
  );
}
