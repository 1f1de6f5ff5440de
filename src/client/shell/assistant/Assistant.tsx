/**
 * The on-screen assistant's listening half (docs/product/assistant.md#show-rule): it takes the live
 * messages and keeps the polite live region that gives screen readers each message whole and at
 * once. The region lives beside the pop-ups on <body> and stays active while one is open (the
 * thanks after sign-up is heard as the navigation opens). What the visitor sees, the character,
 * its bubble and the log, is AssistantBar, in the page's flow.
 */
import { createPortal } from 'react-dom';
import { useIsClient } from '../../lib/use-is-client';
import { useAssistant } from '../../lib/assistant/use-assistant';
import { useAssistantState } from '../../lib/assistant/use-assistant-state';
import { useLiveEvent } from '../../lib/use-live-event';
import { KEEP_ACTIVE_ATTRIBUTE } from '../../ui/modal-inert';

export function Assistant() {
  const { shown } = useAssistantState();
  const assistant = useAssistant();
  const isClient = useIsClient();
  useLiveEvent('assistant', ({ message }, context) =>
    assistant.showLiveMessage(message, context?.assistantViewedAtUTC),
  );

  if (!isClient) return null;
  return createPortal(
    <div
      className="assistant"
      lang="en"
      data-active={shown ? 'true' : 'false'}
      {...{ [KEEP_ACTIVE_ATTRIBUTE]: '' }}
    >
      {/* Mounted from the start, so screen readers hear the first message too. */}
      <div className="visually-hidden" role="status" aria-live="polite">
        {shown ? `Assistant: ${shown.text}` : ''}
      </div>
    </div>,
    document.body,
  );
}
