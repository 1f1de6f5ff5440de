/** The audit log's one call (docs/product/desk.md#audit-log). */
import { auditPageSchema, type AuditPage, type AuditQuery } from '#shared/admin-security-schemas';
import { api } from '../../../lib/api';

export async function fetchAuditPage(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return auditPageSchema.parse(
    await api<unknown>(`/api/admin/audit${search ? `?${search}` : ''}`, { signal, list: true }),
  );
}
