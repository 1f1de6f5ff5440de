/**
 * Drafts that save by themselves (docs/product/desk.md#publishing-the-sites-words): every change is kept
 * in this browser at once (kept-drafts.ts) and sent to the server about 800 ms after the owner
 * stops typing. While the server cannot be reached the text stays kept and the save is tried again
 * when the network returns (and every 10 s meanwhile). The server answers what its checks found in
 * the saved text; the editor shows those while the text is unchanged.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContentIssue } from '#shared/content-checks';
import type { ContentKey } from '#shared/content-parts';
import { ApiError } from '../../../lib/api';
import { subscribeReachability, isReachable } from '../../../lib/connectivity';
import { messageOf } from '../use-admin-data';
import { saveContentDraft, type ContentValue, type SavedDraft } from './content-api';
import { forgetKeptDraft, keepDraft } from './kept-drafts';

export const SAVE_DELAY_MS = 800;
const OFFLINE_RETRY_MS = 10_000;

export type SaveStatus =
  /** Nothing typed since the document opened. */
  | 'idle'
  /** Typed, waiting for the pause before saving, or saving. */
  | 'saving'
  | 'saved'
  /** The server cannot be reached: kept in this browser. */
  | 'offline'
  /** The server refused or failed: kept in this browser, with the reason. */
  | 'failed';

export interface SavedCheck {
  /** The saved value as JSON: its issues hold while the text is still this. */
  json: string;
  issues: ContentIssue[];
}

interface Pending {
  baseRevision: number;
  value: ContentValue;
}

export interface DraftSaving {
  status: SaveStatus;
  /** Why the last save failed. */
  problem: string | null;
  /** When the server last saved the draft. */
  savedAt: string | null;
  /** What the server's checks found in the last saved text. */
  saved: SavedCheck | null;
  /** Records a change: kept here at once, saved on the server after the pause. */
  edit: (value: ContentValue, baseRevision: number) => void;
  /** Saves now what is waiting (Try again). */
  saveNow: () => void;
  /**
   * Stops saving: drops what waits and waits for a save in flight (before a publish or a discard,
   * which end the draft on the server themselves).
   */
  stop: () => Promise<void>;
  /** Starts over after a publish or discard: nothing waits, nothing is kept. */
  reset: (savedAt?: string | null) => void;
}

export function useDraftSaving(
  key: ContentKey,
  username: string,
  onSaved?: (draft: SavedDraft) => void,
): DraftSaving {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedCheck | null>(null);
  const pending = useRef<Pending | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  });

  // The timers call the newest save (it names itself through this).
  const saveRef = useRef<() => Promise<void>>(async () => {});
  const later = (ms: number) => {
    timer.current = setTimeout(() => void saveRef.current(), ms);
  };

  const clearTimer = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };

  const save = useCallback(async (): Promise<void> => {
    clearTimer();
    if (inFlight.current) await inFlight.current;
    const sending = pending.current;
    if (!sending) return;
    setStatus('saving');
    const run = (async () => {
      try {
        const draft = await saveContentDraft(key, sending.baseRevision, sending.value);
        setSaved({ json: JSON.stringify(draft.value), issues: draft.issues });
        setSavedAt(draft.updatedAt);
        setProblem(null);
        onSavedRef.current?.(draft);
        if (pending.current === sending) {
          pending.current = null;
          forgetKeptDraft(key);
          setStatus('saved');
        }
      } catch (error) {
        const offline = error instanceof ApiError && error.status === 'offline';
        setStatus(offline ? 'offline' : 'failed');
        setProblem(offline ? null : messageOf(error));
        if (offline && pending.current) {
          clearTimer();
          later(OFFLINE_RETRY_MS);
        }
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
    // Typed while it was saving: save that too, after the pause.
    if (pending.current && pending.current !== sending && timer.current === null)
      later(SAVE_DELAY_MS);
  }, [key]);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const edit = useCallback(
    (value: ContentValue, baseRevision: number) => {
      pending.current = { value, baseRevision };
      keepDraft(key, { by: username, baseRevision, value, at: new Date().toISOString() });
      setStatus((now) => (now === 'offline' || now === 'failed' ? now : 'saving'));
      clearTimer();
      later(SAVE_DELAY_MS);
    },
    [key, username],
  );

  // The network is back: save what waited.
  useEffect(() => {
    const retry = () => {
      if (pending.current && isReachable()) void save();
    };
    const unsubscribe = subscribeReachability(retry);
    window.addEventListener('online', retry);
    return () => {
      unsubscribe();
      window.removeEventListener('online', retry);
    };
  }, [save]);

  useEffect(() => clearTimer, []);

  const stop = useCallback(async () => {
    clearTimer();
    pending.current = null;
    if (inFlight.current) await inFlight.current;
  }, []);

  const reset = useCallback(
    (at: string | null = null) => {
      clearTimer();
      pending.current = null;
      forgetKeptDraft(key);
      setStatus('idle');
      setProblem(null);
      setSaved(null);
      setSavedAt(at);
    },
    [key],
  );

  const saveNow = useCallback(() => void save(), [save]);

  return { status, problem, savedAt, saved, edit, saveNow, stop, reset };
}
