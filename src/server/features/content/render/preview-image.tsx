/**
 * A page's link-preview card (docs/product/pages.md#prerendered-pages): 1200×630 PNG with the page's title
 * large, the site's mark and name, the accent colour and the page's drawing (an artwork on /art),
 * laid out by satori and rasterised by resvg, in fonts shipped through the dependencies (Gelasio and
 * Inter, both under the SIL Open Font License). Nothing is fetched.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** The light theme's colours (tokens.css): the card reads as the site does by default. */
const COLOURS = {
  bg: '#faf7f2',
  surface: '#ffffff',
  text: '#1d1a16',
  muted: '#5b5349',
  border: '#e2d9cb',
  accent: '#b3400b',
  accentSoft: '#fbe7d9',
};

const require = createRequire(import.meta.url);
const font = (file: string) => readFileSync(require.resolve(`@fontsource/${file}`));
const FONTS = [
  {
    name: 'Gelasio',
    data: font('gelasio/files/gelasio-latin-700-normal.woff'),
    weight: 700 as const,
  },
  { name: 'Inter', data: font('inter/files/inter-latin-400-normal.woff'), weight: 400 as const },
  { name: 'Inter', data: font('inter/files/inter-latin-700-normal.woff'), weight: 700 as const },
];

export interface PreviewCard {
  title: string;
  siteName: string;
  monogram: string;
  /** A short line at the foot of the card. */
  footnote: string;
  /** A standalone SVG document. */
  drawing: string;
  /** Fill the picture's frame (an artwork) instead of fitting a drawing into it. */
  fillPicture: boolean;
}

function dataUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function Card({ title, siteName, monogram, footnote, drawing, fillPicture }: PreviewCard) {
  const titleSize = title.length > 34 ? 58 : 68;
  return (
    <div
      style={{
        width: PREVIEW_WIDTH,
        height: PREVIEW_HEIGHT,
        display: 'flex',
        background: COLOURS.bg,
        fontFamily: 'Inter',
        color: COLOURS.text,
      }}
    >
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          width: 650,
          padding: '64px 0 56px 72px',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
          <div
            style={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              width: 64,
              height: 64,
              borderRadius: 16,
              background: COLOURS.accent,
              color: '#ffffff',
              fontSize: 28,
              fontWeight: 700,
            }}
          >
            {monogram}
          </div>
          <div style={{ fontSize: 30, fontWeight: 700, color: COLOURS.text }}>{siteName}</div>
        </div>
        <div
          style={{
            display: 'flex',
            fontFamily: 'Gelasio',
            fontWeight: 700,
            fontSize: titleSize,
            lineHeight: 1.12,
            letterSpacing: -1,
          }}
        >
          {title}
        </div>
        <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
          <div style={{ width: 56, height: 8, borderRadius: 4, background: COLOURS.accent }} />
          <div style={{ display: 'flex', width: 500, fontSize: 24, color: COLOURS.muted }}>
            {footnote}
          </div>
        </div>
      </div>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 550,
          padding: 48,
        }}
      >
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: 454,
            height: 534,
            borderRadius: 36,
            overflow: 'hidden',
            background: COLOURS.accentSoft,
            border: `2px solid ${COLOURS.border}`,
          }}
        >
          <img
            src={dataUri(drawing)}
            width={fillPicture ? 712 : 400}
            height={fillPicture ? 534 : 325}
            // A drawing (160 × 100) fits whole; only an artwork fills the frame.
            style={{ objectFit: fillPicture ? 'cover' : 'contain' }}
          />
        </div>
      </div>
    </div>
  );
}

export async function renderPreview(card: PreviewCard): Promise<Buffer> {
  const svg = await satori(<Card {...card} />, {
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    fonts: FONTS,
  });
  const png = new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
  return Buffer.from(png);
}

/** favicon.svg as a square PNG: the touch icon fills its square (iOS rounds it), others keep it. */
export function renderIcon(svg: string, size: number, background?: string): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: size },
    font: { loadSystemFonts: false },
    ...(background ? { background } : {}),
  });
  return Buffer.from(resvg.render().asPng());
}
