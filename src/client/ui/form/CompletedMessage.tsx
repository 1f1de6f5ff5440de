/**
 * A form's completed state (docs/product/forms.md#form-behaviour: completed shows a success message): a
 * title, the text and what to do next. It takes focus when it appears, since the button that was
 * pressed is gone.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { CheckIcon } from '../icons';
import './form-kit.css';

interface CompletedMessageProps {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}

export function CompletedMessage({ title, children, actions }: CompletedMessageProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className="completed" ref={ref} tabIndex={-1} role="status">
      <div className="completed__mark" aria-hidden="true">
        <CheckIcon size={26} />
      </div>
      <p className="completed__title">{title}</p>
      <div className="completed__text">{children}</div>
      {actions && <div className="account-form__actions completed__actions">{actions}</div>}
    </div>
  );
}
