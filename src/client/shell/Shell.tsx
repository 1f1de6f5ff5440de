/**
 * The always-mounted frame around every page (docs/product/shell.md#shell-parts): skip link, embedded top
 * menu bar, cookie notice, header, inline navigation on desktop, the assistant's bar, the page, footer and the overlays. The root
 * element carries the screen class and the layout values as CSS custom properties, set through the
 * DOM (the CSP allows no style attribute in the prerendered markup, and shell.css gives the same
 * values before the app runs).
 */
import { useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { MAIN_CONTENT_ID, PAGE_END_ID } from '#shared/page-ids';
import { AssistantBar } from './assistant/AssistantBar';
import { CookieNotice } from './cookie-notice/CookieNotice';
import { Footer } from './footer/Footer';
import { Header } from './header/Header';
import { useLayout } from '../lib/layout/use-layout';
import { layoutCssProperties } from '../lib/layout/layout-style';
import { NavigationProgress } from './layout/NavigationProgress';
import { TopMenuBar } from './layout/TopMenuBar';
import { NavigationPanel } from './navigation/NavigationPanel';
import { NowPlayingSlot } from './now-playing/NowPlayingSlot';
import { ShellOverlays } from './overlays/ShellOverlays';
import { ShowLayoutButton } from './toggles/HideLayoutToggle';
import './shell.css';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  // Focus instead of a hash change: no history entry, and the next Tab starts inside the page.
  event.preventDefault();
  main.focus();
}

/** `children` is the page. */
export function Shell({ children }: { children: ReactNode }) {
  const { screen, values, hideLayout, embedded, productivity, inlineNavigation } = useLayout();
  const rootRef = useRef<HTMLDivElement>(null);
  // Unknown while hydrating (use-layout.ts): every variant is in the markup and shell.css picks one.
  const showInlineNavigation = inlineNavigation ?? (!productivity && !hideLayout);

  useLayoutEffect(() => {
    if (!values) return;
    for (const [name, value] of Object.entries(layoutCssProperties(values)))
      rootRef.current?.style.setProperty(name, value);
  }, [values]);

  return (
    <div
      ref={rootRef}
      className={['app', screen].filter(Boolean).join(' ')}
      data-hide-layout={hideLayout}
      data-embedded={embedded ?? undefined}
      data-productivity={productivity}
    >
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skipToMain}>
        Skip to main content
      </a>
      <NavigationProgress />
      {embedded !== false && <TopMenuBar />}
      <CookieNotice />
      {!hideLayout && <Header />}
      <ShowLayoutButton />
      <div className="app__body">
        {showInlineNavigation && (
          <div className="app__navigation">
            <NavigationPanel variant="inline" />
          </div>
        )}
        <div className="app__content">
          <AssistantBar />
          <NowPlayingSlot />
          {children}
          {!hideLayout && <Footer />}
        </div>
      </div>
      <ShellOverlays />
      {/* The prerendered page's last element: its <head> holds painting until it is parsed. */}
      <div id={PAGE_END_ID} hidden />
    </div>
  );
}
