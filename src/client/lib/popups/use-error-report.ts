/**
 * `const report = useErrorReport(); report('handleLogIn', error)` asks the visitor for consent in the
 * error-report pop-up; nothing is sent unless they press Yes (docs/product/forms.md#error-reports).
 */
import { useCallback } from 'react';
import { errorReportDraft } from './error-report';
import { usePopups } from './use-popups';

export function useErrorReport(): (errorName: string, error: unknown) => void {
  const { open } = usePopups();
  return useCallback(
    (errorName: string, error: unknown) =>
      open({ name: 'errorReport', report: errorReportDraft(errorName, error) }),
    [open],
  );
}
