/**
 * A prerendered page's stylesheets inlined in its head: one `<style>` holding them all in cascade
 * order, so the first paint waits on no stylesheet request over a slow connection. The server allows
 * that block by its sha256 hash (plugins/security-headers.ts; the CSP has no 'unsafe-inline').
 */

/** A relative url() would resolve against the page's path instead of /assets/. */
const RELATIVE_URL = /url\(\s*['"]?(?!\/|#|data:)/i;

/**
 * The `<style>` block, then a disabled link per file. A disabled stylesheet is never fetched, but
 * Vite's module loader counts it as loaded, so a page module that imports one of these files does not
 * fetch it again when the page hydrates or navigates.
 */
export function inlineStylesheets(files: string[], readAsset: (file: string) => string): string {
  const css = files.map((file) => {
    const text = readAsset(file).trim();
    if (/<\/style/i.test(text))
      throw new Error(`${file} holds "</style", which would end the block`);
    if (RELATIVE_URL.test(text)) throw new Error(`${file} has a relative url(), not inlinable`);
    return text;
  });
  return [
    `<style>${css.join('\n')}</style>`,
    ...files.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" disabled />`),
  ].join('\n    ');
}
