/**
 * Visit counting (docs/product/visits.md#counting-rules): POST /api/visits `{page, referrer?, utmSource?,
 * optOut?}` adds one to a known page key and to where the visit came from
 * (docs/product/visits.md#visit-sources), and the desk reads traffic over a range of UTC days beside the period before it
 * (docs/product/visits.md#traffic-counters): GET /api/admin/traffic and GET /api/admin/traffic/sources.
 */
import { z } from 'zod';
import { isPageKey } from './page-keys';

export const VISIT_MESSAGES = {
  unknownPage: 'Unknown page.',
  badDay: 'Days look like 2026-11-27.',
  dayOutOfSpan: 'Days run from 2000-01-01 to 2099-12-31.',
  rangeBackwards: 'The range ends before it starts.',
  rangeTooLong: 'A range can be at most 3 years.',
} as const;

/** The longest referrer and campaign name a visit may carry; only the host or the name is kept. */
export const REFERRER_MAX = 2048;
export const UTM_SOURCE_MAX = 200;

export const countVisitSchema = z
  .object({
    page: z.string({ error: VISIT_MESSAGES.unknownPage }).refine(isPageKey, {
      message: VISIT_MESSAGES.unknownPage,
    }),
    /** The page that sent the visitor (document.referrer), reduced to its host on the server. */
    referrer: z.string().max(REFERRER_MAX).optional(),
    /** `utm_source` of the address the visitor arrived at. */
    utmSource: z.string().max(UTM_SOURCE_MAX).optional(),
    /** This browser asked not to be counted (the desk's switch): only "left out" goes up. */
    optOut: z.literal(true).optional(),
  })
  .strict();

export type CountVisitPayload = z.infer<typeof countVisitSchema>;

/**
 * Why a visit was not counted (docs/product/visits.md#counting-rules): `repeat`, its address was counted
 * on that page that day; `manySources`, its address brought too many sources that day.
 */
export const EXCLUSION_REASONS = [
  'admin',
  'optedOut',
  'bot',
  'noPageLoad',
  'repeat',
  'manySources',
] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

/** The longest range the desk asks for, in days (a leap year and two more). */
export const TRAFFIC_RANGE_MAX_DAYS = 3 * 366;
/** Ranges longer than this are charted per week (Monday to Sunday) instead of per day. */
export const TRAFFIC_DAILY_MAX_DAYS = 90;
/** How many sources the table lists, most visits first. */
export const TRAFFIC_SOURCES_MAX = 100;

/** A real calendar day written 'YYYY-MM-DD' (2025-02-30 is not one). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/**
 * The days the desk's traffic may name: a range and the period before it then stay within years
 * of four digits, where 'YYYY-MM-DD' strings sort as days do (docs/decisions/2026-11-29-second-probe.md).
 */
export const TRAFFIC_FIRST_DAY = '2000-01-01';
export const TRAFFIC_LAST_DAY = '2099-12-31';

/** A calendar day the desk's traffic may name (within TRAFFIC_FIRST_DAY to TRAFFIC_LAST_DAY). */
export function isTrafficDay(value: string): boolean {
  return isCalendarDay(value) && value >= TRAFFIC_FIRST_DAY && value <= TRAFFIC_LAST_DAY;
}

const day = z
  .string({ error: VISIT_MESSAGES.badDay })
  .refine(isCalendarDay, { error: VISIT_MESSAGES.badDay, abort: true })
  .refine(isTrafficDay, { error: VISIT_MESSAGES.dayOutOfSpan, abort: true });

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const rangeFields = z.strictObject({ from: day, to: day });

/** A query over a range of UTC days, both ends included: in order, and at most 3 years. */
function checkedRange<Query extends z.ZodType<{ from: string; to: string }>>(query: Query) {
  return query
    .refine((range) => range.from <= range.to, {
      error: VISIT_MESSAGES.rangeBackwards,
      path: ['to'],
    })
    .refine((range) => daysInRange(range.from, range.to) <= TRAFFIC_RANGE_MAX_DAYS, {
      error: VISIT_MESSAGES.rangeTooLong,
      path: ['from'],
    });
}

export const trafficQuerySchema = checkedRange(
  rangeFields.extend({ page: z.string().max(64).optional() }),
);
export type TrafficQuery = z.infer<typeof trafficQuerySchema>;

export const trafficSourcesQuerySchema = checkedRange(
  rangeFields.extend({ source: z.string().max(UTM_SOURCE_MAX).optional() }),
);
export type TrafficSourcesQuery = z.infer<typeof trafficSourcesQuerySchema>;

const rangeSchema = z.object({ from: z.string(), to: z.string() });
const countsSchema = z.object({ visits: z.number().int(), previous: z.number().int() });

export const trafficResponseSchema = z.object({
  range: rangeSchema,
  /** The period of the same length just before the range. */
  previousRange: rangeSchema,
  /** How the series is counted: per day, or per week (Monday to Sunday) beyond 90 days. */
  bucket: z.enum(['day', 'week']),
  totals: countsSchema,
  /** Every page with visits in the range or the one before, most visits first. */
  pages: z.array(countsSchema.extend({ page: z.string() })),
  /** All pages, one point per bucket of the range, quiet ones included; `start` is its first day. */
  series: z.array(z.object({ start: z.string(), visits: z.number().int() })),
  /** The asked page's series, or null when none was asked. */
  pageSeries: z.array(z.object({ start: z.string(), visits: z.number().int() })).nullable(),
  /** Visits left out in the range, by reason (zeros included). */
  excluded: z.array(z.object({ reason: z.enum(EXCLUSION_REASONS), visits: z.number().int() })),
  /** Every page's visits since counting began (the traffic/pages document). */
  sessions: z.record(z.string(), z.object({ count: z.number().int() })),
});
export type TrafficResponse = z.infer<typeof trafficResponseSchema>;

export const trafficSourcesResponseSchema = z.object({
  range: rangeSchema,
  previousRange: rangeSchema,
  /** The sources of the range, most visits first, at most TRAFFIC_SOURCES_MAX. */
  sources: z.array(countsSchema.extend({ source: z.string() })),
  /** How many sources the range had in all. */
  sourceCount: z.number().int(),
  /** The asked source's pages in the range, most visits first; null when none was asked. */
  pages: z.array(z.object({ page: z.string(), visits: z.number().int() })).nullable(),
});
export type TrafficSourcesResponse = z.infer<typeof trafficSourcesResponseSchema>;
