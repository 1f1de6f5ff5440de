/**
 * Visit counting (docs/product.md#counting-rules, docs/product.md#public-routes): POST /api/visits
 * `{page}` adds one to a known page key, and GET /api/admin/traffic reads the per-page totals plus
 * a per-day series (docs/product.md#traffic-counters).
 */
import { z } from 'zod';
import { isPageKey } from './page-keys';

export const VISIT_MESSAGES = {
  unknownPage: 'Unknown page.',
} as const;

/** How many UTC days of the per-day series GET /api/admin/traffic returns (today included). */
export const TRAFFIC_DAYS = 90;

export const countVisitSchema = z
  .object({
    page: z.string({ error: VISIT_MESSAGES.unknownPage }).refine(isPageKey, {
      message: VISIT_MESSAGES.unknownPage,
    }),
  })
  .strict();

export type CountVisitPayload = z.infer<typeof countVisitSchema>;

export const trafficResponseSchema = z.object({
  /** The per-page totals, `sessions.{page}.count` (docs/product.md#traffic-counters). */
  sessions: z.record(z.string(), z.object({ count: z.number().int() })),
  /** One row per page and UTC day with visits, oldest first. */
  daily: z.array(
    z.object({
      day: z.string(),
      page: z.string(),
      count: z.number().int(),
    }),
  ),
});

export type TrafficResponse = z.infer<typeof trafficResponseSchema>;
