/**
 * A lazily loaded form puts focus on its first field when it arrives after the pop-up already
 * focused itself.
 */
import { useEffect, type RefObject } from 'react';

/** Focus the first field when the form mounts inside a dialog that holds focus itself. */
export function useFocusFirstField(formRef: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const active = document.activeElement;
    const dialog = form.closest('[role="dialog"]');
    if (active === document.body || active === dialog || active === null) {
      form.querySelector<HTMLElement>('input:not([type="hidden"]), textarea')?.focus();
    }
  }, [formRef]);
}
