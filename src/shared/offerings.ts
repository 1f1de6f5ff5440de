/**
 * The offerings Home and About show, in their order (their words are in content/site.json). A module
 * of its own, without zod, because Home's first load reads it.
 */
export const OFFERING_IDS = [
  'longAndShortPosition',
  'portfolio',
  'art',
  'music',
  'lokalaJobb',
  'nowou',
] as const;

export type OfferingId = (typeof OFFERING_IDS)[number];
