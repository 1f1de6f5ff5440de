/**
 * The plans and prices from content/indicators.json (checked by src/shared/indicator-plans.test.ts);
 * the JSON's own type is checked against the shared type here, which keeps zod out of the bundle.
 */
import plans from '#content/indicators.json';
import type { IndicatorPlansContent } from '#shared/indicator-plans';

export const INDICATOR_PLANS: IndicatorPlansContent = plans;
