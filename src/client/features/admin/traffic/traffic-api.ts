/** The traffic section's calls (docs/product/visits.md#traffic-counters), checked against the shared schemas. */
import type { DayRange } from '#shared/traffic-range';
import {
  trafficResponseSchema,
  trafficSourcesResponseSchema,
  type TrafficResponse,
  type TrafficSourcesResponse,
} from '#shared/visit-schemas';
import { api } from '../../../lib/api';

function query(range: DayRange, extra: Record<string, string | null>): string {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  return params.toString();
}

export async function fetchTraffic(
  range: DayRange,
  page: string | null,
  signal?: AbortSignal,
): Promise<TrafficResponse> {
  const body = await api<unknown>(`/api/admin/traffic?${query(range, { page })}`, { signal });
  return trafficResponseSchema.parse(body);
}

export async function fetchSources(
  range: DayRange,
  source: string | null,
  signal?: AbortSignal,
): Promise<TrafficSourcesResponse> {
  const body = await api<unknown>(`/api/admin/traffic/sources?${query(range, { source })}`, {
    signal,
  });
  return trafficSourcesResponseSchema.parse(body);
}
