/**
 * A button that shows and hides a panel (a phone's folded toolbar): aria-expanded and
 * aria-controls on the button; Escape in the button or the panel closes it and gives focus back
 * to the button.
 */
import { useEffect, useId, useRef, useState } from 'react';

export function useDisclosure() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target as Node;
      if (target !== button.current && !panel.current?.contains(target)) return;
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return {
    open,
    button: {
      ref: button,
      'aria-expanded': open,
      'aria-controls': `${id}-panel`,
      onClick: () => setOpen((now) => !now),
    },
    panel: { ref: panel, id: `${id}-panel` },
  };
}
