/**
 * Each page's one <main> landmark: sets the document title and, after an in-app navigation, moves
 * focus to the new page so keyboard and screen-reader users start there.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { RouteName } from '#shared/paths';
import { documentTitleFor } from '#shared/document-title';
import { MAIN_CONTENT_ID } from '#shared/page-ids';
import { siteContent } from '../lib/site-content';
import './pages.css';

let firstPageShown = false;

interface PageMainProps {
  route: RouteName;
  /** 'sv' for the Swedish pages. */
  lang?: string;
  /** The page's title when it is not the route's (a list page opened by a confirmation link). */
  title?: string;
  className?: string;
  children: ReactNode;
}

export function PageMain({ route, lang, title, className, children }: PageMainProps) {
  const mainRef = useRef<HTMLElement>(null);

  useEffect(() => {
    document.title = documentTitleFor(route, siteContent(), title);
  }, [route, title]);

  // Decided once per mounted page (refs survive StrictMode's effect re-run): the first page of the
  // visit keeps the browser's own focus, every later one takes it.
  const movesFocus = useRef<boolean | null>(null);
  useEffect(() => {
    if (movesFocus.current === null) {
      movesFocus.current = firstPageShown;
      firstPageShown = true;
    }
    if (movesFocus.current) mainRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <main
      ref={mainRef}
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      lang={lang}
      className={['page', className].filter(Boolean).join(' ')}
    >
      {children}
    </main>
  );
}
