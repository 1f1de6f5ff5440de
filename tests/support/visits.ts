/**
 * What a page's own fetch of POST /api/visits carries in a real browser: a browser's User-Agent
 * (isbot lets it through) and Sec-Fetch-Site: same-origin (the call helper adds that one too).
 */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export const BROWSER: Record<string, string> = {
  'user-agent': BROWSER_USER_AGENT,
  'sec-fetch-site': 'same-origin',
};
