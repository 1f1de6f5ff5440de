/**
 * The server-side entry of the client (docs/architecture.md#prerendered-pages), used by the renderer
 * (src/server/features/content/render/) at build time and whenever the owner publishes: renders one
 * page of the app with the given words to HTML exactly as the browser's first render will hydrate
 * it, and hands the renderer what the pages' heads and preview images are made of (the artworks and
 * tracks with their built URLs, each page's drawing as standalone SVG).
 */
import { StrictMode, type ComponentType } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { ContentPayload } from '#shared/content-parts';
import type { PublicPage } from '#shared/public-pages';
import { AppFrame } from './app/AppFrame';
import { preparePage } from './app/router';
import { artworksOf } from './features/art/art-content';
import { tracksOf } from './features/music/music-content';
import { currentLocation, setServerLocation } from './lib/navigation/location-store';
import { replaceContent } from './lib/site-content';
import { HeroArt } from './pages/home/HeroArt';
import {
  CandlesIllustration,
  MusicIllustration,
  PortfolioIllustration,
  WebIllustration,
} from './pages/illustrations/illustrations';
import drawingStyles from './pages/illustrations/illustrations.css?raw';
import heroStyles from './pages/home/home.css?raw';
import themeTokens from './styles/tokens.css?raw';

export { artworksOf, tracksOf };

export async function renderPage(path: string, content: ContentPayload): Promise<string> {
  replaceContent(content);
  setServerLocation(path);
  await preparePage(currentLocation());
  return renderToString(
    <StrictMode>
      <AppFrame />
    </StrictMode>,
  );
}

const DRAWINGS: Record<Exclude<PublicPage, 'art'>, ComponentType> = {
  home: HeroArt,
  about: HeroArt,
  longAndShortPosition: CandlesIllustration,
  portfolio: PortfolioIllustration,
  music: MusicIllustration,
  termsOfService: HeroArt,
  privacyPolicy: HeroArt,
  support: HeroArt,
  contact: HeroArt,
  purchase: CandlesIllustration,
  lokalaJobb: WebIllustration,
};

/** The light theme's value of each `--token` (the first `:root` block of tokens.css). */
function lightTokens(): Map<string, string> {
  const block = /:root\s*{([^}]*)}/.exec(themeTokens)?.[1] ?? '';
  return new Map([...block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!]));
}

/**
 * The page's drawing as a standalone SVG in the light theme: its classes' rules come along with
 * every `var(--token)` written out, since an SVG rasteriser knows no custom properties.
 */
export function drawingFor(page: Exclude<PublicPage, 'art'>): string {
  const Drawing = DRAWINGS[page];
  const tokens = lightTokens();
  const css = `${drawingStyles}\n${heroStyles}`.replace(
    /var\((--[\w-]+)\)/g,
    (whole, name: string) => tokens.get(name) ?? whole,
  );
  const markup = renderToStaticMarkup(<Drawing />);
  return markup.replace(
    /^<svg([^>]*)>/,
    `<svg xmlns="http://www.w3.org/2000/svg"$1><style>${css.replace(/[<>]/g, '')}</style>`,
  );
}
