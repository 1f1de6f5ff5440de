/**
 * A message about the whole form: an error the fields cannot hold (wrong credentials, too many
 * attempts, the server or the connection failing), or a success ("Saved."). Errors are alerts, so
 * they are read out when they appear; an optional action sits beside the text (e.g. "Report this
 * error").
 */
import type { ReactNode } from 'react';
import { AlertIcon, CheckIcon } from '../icons';
import './form.css';

interface FormMessageProps {
  tone: 'error' | 'success';
  children: ReactNode;
  action?: ReactNode;
  id?: string;
}

export function FormMessage({ tone, children, action, id }: FormMessageProps) {
  return (
    <div
      id={id}
      className="form-message"
      data-tone={tone}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {tone === 'error' ? (
        <AlertIcon size={18} className="form-message__icon" />
      ) : (
        <CheckIcon size={18} className="form-message__icon" />
      )}
      <div className="form-message__body">
        <p className="form-message__text">{children}</p>
        {action}
      </div>
    </div>
  );
}
