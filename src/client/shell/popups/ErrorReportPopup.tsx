/**
 * Consent before an error is reported (spec §8): the spec's title and warning, a preview of exactly
 * what would be sent, Yes and No. Yes posts the report and closes; a failed send is said in the
 * pop-up, never hidden. No closes without sending anything.
 */
import { useId, useState } from 'react';
import { COPY } from '#shared/copy';
import { api, ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Popup } from '../../ui/Popup';
import { Spinner } from '../../ui/Spinner';
import { errorReportPayload } from './error-report';
import type { PopupSlotProps } from './popup-slot';
import type { ErrorReportDraft } from './popup-state';
import { usePopups } from './PopupProvider';
import './popups.css';

type SendState = { phase: 'idle' } | { phase: 'sending' } | { phase: 'failed'; message: string };

export function ErrorReportPopup({
  report,
  ...slot
}: PopupSlotProps & { report: ErrorReportDraft }) {
  const { close } = usePopups();
  const [send, setSend] = useState<SendState>({ phase: 'idle' });
  const bodyId = useId();

  async function sendReport() {
    if (send.phase === 'sending') return;
    setSend({ phase: 'sending' });
    try {
      await api('/api/errors', { method: 'POST', body: errorReportPayload(report) });
      close();
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
        <figcaption className="error-preview__caption">What would be sent</figcaption>
        <dl className="error-preview__list">
          <dt>Error name</dt>
          <dd>{report.errorName}</dd>
          <dt>Error</dt>
          <dd className="error-preview__error">{report.error}</dd>
        </dl>
      </figure>
      {send.phase === 'failed' && (
        <p className="popup__error" role="alert">
          {send.message}
        </p>
      )}
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
    </Popup>
  );
}
