/**
 * Text that types itself out, a character at a time (docs/product/assistant.md#typing-and-bubble: at least
 * 10 ms a character), or appears whole under prefers-reduced-motion. Mount it with a key per
 * message: a new key starts over.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { TYPING_DELAY_MIN_MS } from '#shared/timing';
import { typingDelayMs } from '../../lib/assistant/live-message-rule';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}

export function TypedText({ text }: { text: string }) {
  const reduced = usePrefersReducedMotion();
  // Whole characters, so an emoji or an accented letter never shows half typed.
  const characters = useMemo(() => Array.from(text), [text]);
  const [typed, setTyped] = useState(0);

  useEffect(() => {
    if (reduced) return;
    const delay = typingDelayMs(characters.length, TYPING_DELAY_MIN_MS);
    const timer = window.setInterval(() => {
      setTyped((count) => {
        if (count + 1 >= characters.length) window.clearInterval(timer);
        return Math.min(characters.length, count + 1);
      });
    }, delay);
    return () => window.clearInterval(timer);
  }, [characters, reduced]);

  const done = reduced || typed >= characters.length;
  return (
    <span className="typed-text" data-typing={done ? undefined : ''}>
      {done ? text : characters.slice(0, typed).join('')}
    </span>
  );
}
