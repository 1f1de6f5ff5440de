/**
 * The frame most pages share for now: an eyebrow, the h1, one honest lead sentence, and optional
 * content and a note about what comes later.
 */
import type { ReactNode } from 'react';
import { ROUTE_TITLES, type RouteName } from '#shared/paths';
import { PageMain } from './PageMain';

interface SimplePageProps {
  route: RouteName;
  eyebrow?: string;
  /** Defaults to the route's title. */
  heading?: string;
  lead: ReactNode;
  /** A short line about what a later release brings. */
  later?: ReactNode;
  lang?: string;
  /** A drawing beside the intro on wide screens. */
  illustration?: ReactNode;
  children?: ReactNode;
}

export function SimplePage({
  route,
  eyebrow,
  heading,
  lead,
  later,
  lang,
  illustration,
  children,
}: SimplePageProps) {
  return (
    <PageMain route={route} lang={lang}>
      <div className="page__top" data-illustrated={illustration ? true : undefined}>
        <div className="page__intro">
          {eyebrow && <p className="page__eyebrow">{eyebrow}</p>}
          <h1 className="page__title">{heading ?? ROUTE_TITLES[route]}</h1>
          <p className="page__lead">{lead}</p>
        </div>
        {illustration && <div className="page__visual">{illustration}</div>}
      </div>
      {children}
      {later && (
        <p className="page__later">
          <span className="page__later-dot" aria-hidden="true" />
          <span>{later}</span>
        </p>
      )}
    </PageMain>
  );
}
