/** The id of each page's <main>: the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The id of an empty element the shell renders last: a prerendered page's head asks the browser
 * (`<link rel="expect" blocking="render">`) to paint only once the markup up to it is parsed, so a
 * slow phone never paints half a header that then moves.
 */
export const PAGE_END_ID = 'page-end';
