/**
 * A form's one problem (docs/product/forms.md#form-behaviour: only the first error is shown) and the
 * focus rule around it: the faulty field takes focus each time a submit finds it.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { FieldError } from '#shared/account-schemas';
import type { FormProblem } from './form-problem';

export function useFormProblem(formRef: RefObject<HTMLFormElement | null>) {
  const [problem, setProblem] = useState<FormProblem | null>(null);

  useEffect(() => {
    if (!problem?.field) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problem, formRef]);

  const errorFor = useCallback(
    (field: string): string | null => (problem?.field === field ? problem.message : null),
    [problem],
  );

  /** Editing the faulty field takes its error away; the next submit checks again. */
  const clearFor = useCallback((field: string) => {
    setProblem((current) => (current?.field === field ? null : current));
  }, []);

  const showFieldError = useCallback((error: FieldError) => {
    setProblem({ field: error.field, message: error.message });
  }, []);

  return { problem, setProblem, errorFor, clearFor, showFieldError };
}
