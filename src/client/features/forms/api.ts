/**
 * The forms' one call: POST /api/submissions with a submission the shared schema built. Throws the
 * ApiError of lib/api on failure.
 */
import type { SubmissionPayload } from '#shared/submission-schemas';
import { api } from '../../lib/api';

export async function postSubmission(payload: SubmissionPayload): Promise<void> {
  await api('/api/submissions', { method: 'POST', body: payload });
}
