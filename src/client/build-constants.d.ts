/** Set by vite.config.ts `define` for both the browser and the prerender build. */
declare const __BUILD_YEAR__: number;
