/**
 * The Lokala jobb page's texts, packages and prices as the owner writes them in
 * content/lokala-jobb.json, in Swedish (docs/product/offerings.md#lokala-jobb: what the owner would change
 * lives in content/).
 * Checked at build and at start; the schema is built only when used, so the page ships no zod.
 */
import { z } from 'zod';

export interface LokalaJobbPackage {
  name: string;
  /** As shown, with its currency: "från 9 500 kr". */
  price: string;
  /** After the price: "engångspris", "i månaden". */
  period?: string;
  description: string;
  includes: string[];
  /** The package the page marks as the most chosen. */
  featured?: boolean;
}

export interface LokalaJobbContent {
  lead: string;
  points: { title: string; text: string }[];
  packages: LokalaJobbPackage[];
  /** The badge on the featured package. */
  featuredLabel: string;
  priceNote: string;
  steps: { title: string; text: string }[];
  examples: { business: string; text: string }[];
  questions: { question: string; answer: string }[];
}

export function lokalaJobbContentSchema() {
  const text = (max: number) => z.string().trim().min(1).max(max);
  const titled = z.strictObject({ title: text(60), text: text(300) });
  return z.strictObject({
    lead: text(300),
    points: z.array(titled).min(1).max(6),
    packages: z
      .array(
        z.strictObject({
          name: text(40),
          price: text(30),
          period: text(40).optional(),
          description: text(300),
          includes: z.array(text(120)).max(10),
          featured: z.boolean().optional(),
        }),
      )
      .min(1)
      .max(4),
    featuredLabel: text(30),
    priceNote: text(400),
    steps: z.array(titled).min(1).max(8),
    examples: z.array(z.strictObject({ business: text(60), text: text(300) })).max(8),
    questions: z.array(z.strictObject({ question: text(160), answer: text(800) })).max(12),
  }) satisfies z.ZodType<LokalaJobbContent>;
}

/** Parses content/lokala-jobb.json; the error names the file and the bad entry, e.g. `packages.0.price`. */
export function parseLokalaJobbContent(
  raw: unknown,
  file = 'content/lokala-jobb.json',
): LokalaJobbContent {
  const result = lokalaJobbContentSchema().safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '(root)';
  throw new Error(`${file}: ${where}: ${issue?.message ?? 'invalid'}`);
}
