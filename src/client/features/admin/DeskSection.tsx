/** One section of the owner's desk: an h2 that names the region, a line about it, and its content. */
import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { FormMessage } from '../../ui/form/FormMessage';
import { RefreshIcon } from '../../ui/icons';

interface DeskSectionProps {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

export function DeskSection({ id, title, description, children }: DeskSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className="desk-section" aria-labelledby={headingId}>
      <div className="desk-section__head">
        <h2 id={headingId} className="desk-section__title">
          {title}
        </h2>
        {description && <p className="desk-section__description">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** The wait for a section's first answer: a described skeleton of about the content's height. */
export function DeskLoading({ label, size = 'md' }: { label: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <div className="desk-loading" data-size={size} aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      <span className="skeleton desk-loading__block" />
    </div>
  );
}

/** A section's line of status and its Refresh button. */
export function RefreshBar({
  loading,
  onRefresh,
  label = 'Refresh',
  children,
}: {
  loading: boolean;
  onRefresh: () => void;
  label?: string;
  children?: ReactNode;
}) {
  return (
    <div className="desk-toolbar">
      <p className="desk-toolbar__status">{children}</p>
      <Button loading={loading} onClick={onRefresh} className="desk-toolbar__button">
        {!loading && <RefreshIcon size={18} />}
        {label}
      </Button>
    </div>
  );
}

/** A section's first load failed: the reason (offline, no permission…) and a way to try again. */
export function DeskLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <FormMessage
      tone="error"
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {message}
    </FormMessage>
  );
}
