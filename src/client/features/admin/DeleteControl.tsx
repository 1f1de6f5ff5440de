/**
 * Deleting a stored item from the desk, in two steps so a stray click loses nothing: "Delete" asks,
 * then "Delete for good" deletes and "Keep" backs out. Focus stays on the control throughout.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { FormMessage } from '../../ui/form/FormMessage';
import { messageOf } from './use-admin-data';
import './delete-control.css';

interface DeleteControlProps {
  /** What is deleted, for the buttons' accessible names ("this report"). */
  what: string;
  onDelete: () => Promise<void>;
}

export function DeleteControl({ what, onDelete }: DeleteControlProps) {
  const [phase, setPhase] = useState<'idle' | 'asking' | 'deleting'>('idle');
  const [error, setError] = useState<string | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (phase === 'asking') keepRef.current?.focus();
    else if (phase === 'idle' && asked.current) deleteRef.current?.focus();
  }, [phase]);

  if (phase === 'idle') {
    return (
      <div className="delete-control">
        <Button
          ref={deleteRef}
          variant="ghost"
          className="delete-control__start"
          aria-label={`Delete ${what}`}
          onClick={() => {
            asked.current = true;
            setError(null);
            setPhase('asking');
          }}
        >
          Delete
        </Button>
        {error && <FormMessage tone="error">{error}</FormMessage>}
      </div>
    );
  }
  return (
    <div className="delete-control" role="group" aria-label={`Delete ${what}?`}>
      <p className="delete-control__question">Delete {what} for good?</p>
      <Button
        variant="secondary"
        className="delete-control__confirm"
        loading={phase === 'deleting'}
        onClick={async () => {
          setPhase('deleting');
          try {
            await onDelete();
          } catch (failure) {
            setError(messageOf(failure));
            setPhase('idle');
          }
        }}
      >
        Delete for good
      </Button>
      <Button
        ref={keepRef}
        variant="ghost"
        disabled={phase === 'deleting'}
        onClick={() => setPhase('idle')}
      >
        Keep
      </Button>
    </div>
  );
}
