/**
 * One desk section's data: loads on mount, reloads on demand, and keeps what it already showed while
 * a reload runs or after one fails (the owner still sees the last good figures, with the problem
 * above them). Unmounting aborts the call in flight.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { COPY } from '#shared/copy';
import { ApiError } from '../../lib/api';
import { devLog } from '../../lib/dev-log';

export interface AdminData<T> {
  /** The last good answer; undefined until the first one arrives. */
  data: T | undefined;
  loading: boolean;
  /** What went wrong with the last load, as the visitor should read it. */
  error: string | null;
  reload: () => void;
  /** Replaces the data with what another call already returned (e.g. the posted message). */
  setData: (data: T) => void;
}

interface State<T> {
  data: T | undefined;
  loading: boolean;
  error: string | null;
}

/** The API's own message (offline, permission, too many requests), else the generic text. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  devLog('an admin call failed', error);
  return COPY.somethingWentWrongForm;
}

/** `load` must be stable (a module-level function), or every render loads again. */
export function useAdminData<T>(load: (signal: AbortSignal) => Promise<T>): AdminData<T> {
  const [state, setState] = useState<State<T>>({ data: undefined, loading: true, error: null });
  const [attempt, setAttempt] = useState(0);
  // Bumped by setData: a load that started before it answers with older news and is dropped.
  const version = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    const started = version.current;
    const current = () => !controller.signal.aborted && version.current === started;
    load(controller.signal).then(
      (data) => {
        if (current()) setState({ data, loading: false, error: null });
      },
      (error: unknown) => {
        if (!current()) return;
        setState((shown) => ({ ...shown, loading: false, error: messageOf(error) }));
      },
    );
    return () => controller.abort();
  }, [load, attempt]);

  const reload = useCallback(() => {
    setState((current) => ({ ...current, loading: true }));
    setAttempt((n) => n + 1);
  }, []);

  const setData = useCallback((data: T) => {
    version.current += 1;
    setState({ data, loading: false, error: null });
  }, []);

  return { ...state, reload, setData };
}
