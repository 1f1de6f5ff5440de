/** A failed passkey step as a form problem (docs/product/accounts.md#passkeys). */
import { COPY } from '#shared/copy';
import { ApiError } from '../../lib/api';
import { passkeyFailureMessage } from '../../lib/passkeys';
import { problemFromError, type FormProblem } from './form-problem';

/**
 * What a failed passkey step shows: the server's refusal in its words (under `fields` when it
 * names one), or the browser's failure told plainly (closed prompt, no passkeys here).
 */
export function passkeyProblem(error: unknown, fields: readonly string[] = []): FormProblem {
  if (error instanceof ApiError)
    return problemFromError(error, fields, COPY.somethingWentWrongForm);
  return { field: null, message: passkeyFailureMessage(error) };
}
