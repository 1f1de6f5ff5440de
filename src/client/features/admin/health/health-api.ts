/** The site's health for the desk (docs/product/command-line.md#site-health), checked against the shared schema. */
import { siteHealthSchema, type SiteHealth } from '#shared/site-health-schemas';
import { api } from '../../../lib/api';

export async function fetchSiteHealth(signal?: AbortSignal): Promise<SiteHealth> {
  return siteHealthSchema.parse(await api<unknown>('/api/admin/health', { signal }));
}
