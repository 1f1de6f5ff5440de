import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * State that goes back to null `ms` after it was last set to something else: a note that shows for
 * a while ("Copied", an Undo offer, a row just added). Setting a new value restarts the delay.
 */
export function useStateThatClears<T>(ms: number): [T | null, Dispatch<SetStateAction<T | null>>] {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (value === null) return;
    const timer = setTimeout(() => setValue(null), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return [value, setValue];
}
