/**
 * The on-screen assistant (docs/product/assistant.md#show-rule, docs/product/assistant.md#typing-and-bubble): a small
 * character in the bottom-left corner, a speech bubble that types out what it says, and a log of
 * everything it said in this tab, reopened from the character. Texts are always rendered as text,
 * never as HTML. Screen readers get each message whole and at once from a polite live region; the
 * typed copy is hidden from them.
 * It lives beside the pop-ups on <body> and stays usable while one is open (the thanks after
 * sign-up appears as the navigation opens).
 */
import { lazy, Suspense, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useIsClient } from '../../lib/use-is-client';
import { useAssistant } from '../../lib/assistant/use-assistant';
import { useAssistantState } from '../../lib/assistant/use-assistant-state';
import { useLiveEvent } from '../../lib/use-live-event';
import { KEEP_ACTIVE_ATTRIBUTE } from '../../ui/modal-inert';
import './assistant.css';

// The character, bubble and log load with the first message: most pages never show one.
const AssistantView = lazy(() => import('./AssistantView'));

export function Assistant() {
  const { shown, log } = useAssistantState();
  const assistant = useAssistant();
  const isClient = useIsClient();
  const containerRef = useRef<HTMLDivElement>(null);
  useLiveEvent('assistant', ({ message }, context) =>
    assistant.showLiveMessage(message, context?.assistantViewedAtUTC),
  );

  // A portal into <body>: after hydration (its launcher is fixed in a corner, nothing moves for it).
  if (!isClient) return null;
  return createPortal(
    <div
      ref={containerRef}
      className="assistant"
      lang="en"
      data-active={shown ? 'true' : 'false'}
      {...{ [KEEP_ACTIVE_ATTRIBUTE]: '' }}
    >
      {/* Mounted from the start, so screen readers hear the first message too. */}
      <div className="visually-hidden" role="status" aria-live="polite">
        {shown ? `Assistant: ${shown.text}` : ''}
      </div>
      {(shown || log.length > 0) && (
        <Suspense fallback={null}>
          <AssistantView containerRef={containerRef} />
        </Suspense>
      )}
    </div>,
    document.body,
  );
}
