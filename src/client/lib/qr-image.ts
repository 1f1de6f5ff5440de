/**
 * QR images (the wallet pop-ups, the desk's authenticator set-up), drawn by the `qrcode` library as
 * SVG and handed to an <img> as a data: URL (never inserted as markup). The library is imported only
 * here and only when a QR is asked for, so it stays out of every page's first load.
 */

export type QrImage = { src: string } | { error: true };

/**
 * Dark modules on white with the standard 4-module quiet zone, in both themes: scanners and banking
 * apps read that most reliably. Level M survives a smudged or partly covered screen.
 */
const QR_OPTIONS = {
  type: 'svg',
  errorCorrectionLevel: 'M',
  margin: 4,
  color: { dark: '#000000', light: '#ffffff' },
} as const;

const cache = new Map<string, Promise<QrImage>>();

async function draw(text: string, cached = true): Promise<QrImage> {
  try {
    const { toString } = await import('qrcode');
    const svg = await toString(text, QR_OPTIONS);
    return { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` };
  } catch {
    // Usually the chunk failed to load (offline, or a new release replaced it): try again next time.
    if (cached) cache.delete(text);
    return { error: true };
  }
}

/** A QR drawn once and kept nowhere: for text that is a secret (an authenticator's key). */
export function qrImageOnce(text: string): Promise<QrImage> {
  return draw(text, false);
}

/** One promise per text, kept for the session, so reopening a wallet shows its QR at once. */
export function qrImage(text: string): Promise<QrImage> {
  let image = cache.get(text);
  if (!image) {
    image = draw(text);
    cache.set(text, image);
  }
  return image;
}
