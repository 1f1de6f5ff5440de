/**
 * A small speech bubble in the bottom-left corner that shows what the assistant says: plain text
 * (never HTML), read out politely, closed with its X. The live region
 * is always in the page so screen readers hear each new message. It lives beside the pop-ups on
 * <body> and stays usable while one is open (the thanks after sign-up appears as the navigation opens).
 */
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../ui/icons';
import { KEEP_ACTIVE_ATTRIBUTE } from '../../ui/modal-inert';
import { useAssistant, useAssistantMessage } from './assistant-hook';
import './assistant.css';

export function AssistantBubble() {
  const message = useAssistantMessage();
  const { dismiss } = useAssistant();
  return createPortal(
    <div
      className="assistant"
      role="status"
      aria-live="polite"
      {...{ [KEEP_ACTIVE_ATTRIBUTE]: '' }}
    >
      {message && (
        <div key={message.id} className="assistant__bubble">
          <span className="assistant__badge" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="22" height="22">
              <path
                d="M4 6.5A3.5 3.5 0 0 1 7.5 3h9A3.5 3.5 0 0 1 20 6.5v6a3.5 3.5 0 0 1-3.5 3.5H11l-4.5 4v-4A3.5 3.5 0 0 1 4 12.5z"
                fill="currentColor"
              />
              <circle cx="9" cy="9.5" r="1.3" fill="var(--color-accent)" />
              <circle cx="15" cy="9.5" r="1.3" fill="var(--color-accent)" />
            </svg>
          </span>
          <p className="assistant__text">
            <span className="visually-hidden">Assistant: </span>
            {message.text}
          </p>
          <button
            type="button"
            className="assistant__close"
            aria-label="Close the assistant's message"
            onClick={dismiss}
          >
            <CloseIcon size={18} />
          </button>
        </div>
      )}
    </div>,
    document.body,
  );
}
