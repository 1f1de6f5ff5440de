/** The error groups' calls (docs/product/forms.md#error-reports), checked against the shared schemas. */
import {
  errorGroupListSchema,
  errorGroupResponseSchema,
  type ErrorGroup,
  type ErrorGroupState,
} from '#shared/error-report-schemas';
import { api } from '../../../lib/api';

export async function fetchErrorGroups(signal?: AbortSignal): Promise<ErrorGroup[]> {
  const body = await api<unknown>('/api/admin/error-groups', { signal, list: true });
  return errorGroupListSchema.parse(body).groups;
}

export async function setErrorGroupState(id: string, state: ErrorGroupState): Promise<ErrorGroup> {
  const body = await api<unknown>(`/api/admin/error-groups/${encodeURIComponent(id)}/state`, {
    method: 'POST',
    body: { state },
  });
  return errorGroupResponseSchema.parse(body).group;
}
