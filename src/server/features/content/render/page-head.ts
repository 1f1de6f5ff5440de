/**
 * The <head> of a prerendered public page (docs/product/pages.md#prerendered-pages): its own title and
 * description, the canonical URL, Open Graph and Twitter card tags, theme colours and one JSON-LD
 * block. Every absolute URL starts with the manifest's placeholder origin, which the server
 * replaces with its PUBLIC_URL.
 */

export interface PreviewImage {
  /** Absolute path of the image, e.g. `/assets/preview-home-1a2b3c4d5e.png`. */
  path: string;
  width: number;
  height: number;
  alt: string;
}

export interface PageHead {
  origin: string;
  siteName: string;
  /** The document title (page first, site second). */
  title: string;
  /** The page's own title for link previews. */
  previewTitle: string;
  description: string;
  /** The page's path exactly as the route table spells it. */
  path: string;
  locale: string;
  image: PreviewImage;
  structuredData: unknown;
}

/** The theme's page colour in each scheme (tokens.css `--color-bg`), for the browser's own chrome. */
const THEME_COLOURS = { light: '#faf7f2', dark: '#14120f' };

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** JSON inside <script>: nothing in it may close the element. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
}

export function absolute(origin: string, path: string): string {
  return `${origin}${path}`;
}

export function headTags(head: PageHead): string {
  const url = absolute(head.origin, head.path);
  const meta = (attribute: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', head.previewTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', head.locale),
    meta('property', 'og:image', absolute(head.origin, head.image.path)),
    meta('property', 'og:image:width', head.image.width),
    meta('property', 'og:image:height', head.image.height),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:alt', head.image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.previewTitle),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', absolute(head.origin, head.image.path)),
    meta('name', 'twitter:image:alt', head.image.alt),
    `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${THEME_COLOURS.light}" />`,
    `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${THEME_COLOURS.dark}" />`,
    `<script type="application/ld+json">${jsonForScript(head.structuredData)}</script>`,
  ].join('\n    ');
}
