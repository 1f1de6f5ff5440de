/**
 * Lengths a form field shows before anything is sent (docs/product/constants.md#constants-and-limits), in a
 * module without zod: a page whose form validates only on submit loads the schemas then.
 */
export const TEXT_AREA_MAX_LENGTH = 30000;
