/**
 * The indicators' plans and prices as the owner writes them in content/indicators.json
 * (docs/product/offerings.md#indicator-plans: prices live in content/). Checked by indicator-plans.test.ts
 * against the schema below; this file also keeps zod out of the pages that only read the plans (the
 * schema is built only when used).
 */
import { z } from 'zod';
import { MAX_ACCESS_DAYS } from './indicator-products';

export interface IndicatorPlan {
  name: string;
  /** As shown, with its currency: "€19". */
  price: string;
  /** After the price: "for 30 days", "once". */
  period: string;
  /** How long access lasts once granted; null for lifetime. The owner's grant offers these. */
  days: number | null;
  description: string;
  /** The plan the page marks as the best value. */
  featured?: boolean;
}

export interface IndicatorPlansContent {
  plans: IndicatorPlan[];
  priceNote: string;
  membership: string;
}

export function indicatorPlansSchema() {
  const text = (max: number) => z.string().trim().min(1).max(max);
  return z.strictObject({
    plans: z
      .array(
        z.strictObject({
          name: text(40),
          price: text(20),
          period: text(40),
          days: z.number().int().min(1).max(MAX_ACCESS_DAYS).nullable(),
          description: text(200),
          featured: z.boolean().optional(),
        }),
      )
      .min(1)
      .max(6),
    priceNote: text(400),
    membership: text(400),
  }) satisfies z.ZodType<IndicatorPlansContent>;
}

/** Parses content/indicators.json; the error names the file and the bad entry, e.g. `plans.0.price`. */
export function parseIndicatorPlans(
  raw: unknown,
  file = 'content/indicators.json',
): IndicatorPlansContent {
  const result = indicatorPlansSchema().safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '(root)';
  throw new Error(`${file}: ${where}: ${issue?.message ?? 'invalid'}`);
}
