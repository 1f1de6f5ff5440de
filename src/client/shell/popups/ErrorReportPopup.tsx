/**
 * Consent before an error is reported (docs/product/forms.md#error-reports): the product's title and
 * warning, a preview of exactly the payload that would be sent (masked, with its timestamp fixed
 * when the pop-up opened), Yes and No. Yes posts it and thanks the visitor; a failed send is said
 * in the pop-up, never hidden. No closes without sending anything.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { COPY } from '#shared/copy';
import { api, ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Popup } from '../../ui/Popup';
import { Spinner } from '../../ui/Spinner';
import { errorReportPayload } from '../../lib/popups/error-report';
import type { PopupSlotProps } from '../../lib/popups/popup-slot';
import type { ErrorReportDraft } from '../../lib/popups/popup-state';
import { usePopups } from '../../lib/popups/use-popups';
import './popups.css';

export const ERROR_REPORT_SENT = 'Thank you — the report was sent.';

type SendState =
  | { phase: 'idle' }
  | { phase: 'sending' }
  | { phase: 'sent' }
  | { phase: 'failed'; message: string };

export function ErrorReportPopup({
  report,
  ...slot
}: PopupSlotProps & { report: ErrorReportDraft }) {
  const { close } = usePopups();
  const [payload] = useState(() =>
    errorReportPayload(report, new Date(), window.location.pathname),
  );
  const [send, setSend] = useState<SendState>({ phase: 'idle' });
  const bodyId = useId();
  const sentRef = useRef<HTMLParagraphElement>(null);

  // The Yes button is gone once sent: focus moves to the thank-you so it is read out.
  useEffect(() => {
    if (send.phase === 'sent') sentRef.current?.focus();
  }, [send.phase]);

  async function sendReport() {
    if (send.phase === 'sending') return;
    setSend({ phase: 'sending' });
    try {
      await api('/api/errors', { method: 'POST', body: payload });
      setSend({ phase: 'sent' });
    } catch (error) {
      const reason = error instanceof ApiError ? error.message : 'the request failed';
      setSend({
        phase: 'failed',
        message: `The report could not be sent: ${reason.replace(/\.+$/, '')}. Please try again later.`,
      });
    }
  }

  // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
  const sending = send.phase === 'sending';
  return (
    <Popup title={COPY.errorReportTitle} onClose={close} describedBy={bodyId} {...slot}>
      <p id={bodyId} className="popup__text">
        {COPY.errorReportBody}
      </p>
      <figure className="error-preview">
        <figcaption className="error-preview__caption">
          {send.phase === 'sent' ? 'What was sent' : 'What would be sent'}
        </figcaption>
        <dl className="error-preview__list">
          <dt>Error name</dt>
          <dd>{payload.errorName}</dd>
          <dt>Error</dt>
          <dd className="error-preview__error">{payload.error}</dd>
          {payload.page && (
            <>
              <dt>Page</dt>
              <dd>{payload.page}</dd>
            </>
          )}
          <dt>Time</dt>
          <dd>{payload.timestamp}</dd>
        </dl>
      </figure>
      {send.phase === 'failed' && (
        <p className="popup__error" role="alert">
          {send.message}
        </p>
      )}
      {send.phase === 'sent' ? (
        <>
          <p className="popup__text" role="status" tabIndex={-1} ref={sentRef}>
            {ERROR_REPORT_SENT}
          </p>
          <div className="popup__actions">
            <Button variant="primary" onClick={close}>
              Close
            </Button>
          </div>
        </>
      ) : (
        <div className="popup__actions">
          <Button
            variant="primary"
            onClick={() => void sendReport()}
            aria-disabled={sending}
            aria-busy={sending || undefined}
          >
            {sending && <Spinner size={16} />}
            {COPY.yes}
          </Button>
          <Button onClick={close}>{COPY.no}</Button>
        </div>
      )}
    </Popup>
  );
}
