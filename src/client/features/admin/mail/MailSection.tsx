/**
 * Mail on the owner's desk: how many people each list has (confirmed, waiting to confirm,
 * unsubscribed), a plain-text newsletter written, previewed and sent to a list's confirmed members
 * through the mail queue, and each sent newsletter's progress, checked every 2 seconds while any
 * of its mails are still queued. Texts are shown as text; the server escapes them into the mail.
 */
import { useEffect, useRef, useState } from 'react';
import { fetchMailListCounts, fetchNewsletters } from '../api';
import { useAdminData } from '../use-admin-data';
import { ListCounts } from './ListCounts';
import { NewsletterComposer } from './NewsletterComposer';
import { SentNewsletters } from './SentNewsletters';
import './mail.css';

/** While a newsletter is being sent, its progress is read again this often… */
export const PROGRESS_POLL_MS = 2000;
/** …and at least this often while nothing moves. */
export const PROGRESS_POLL_MAX_MS = 60_000;

export function MailSection() {
  const counts = useAdminData(fetchMailListCounts);
  const newsletters = useAdminData(fetchNewsletters);
  const { setData: showNewsletters } = newsletters;
  const sending = newsletters.data?.some((n) => n.queued > 0) ?? false;

  // Progress while any mail is queued: one read every 2 s, slowing down (to a minute at most) while
  // nothing moves, e.g. when the mail server is down and the queue waits to retry.
  const [round, setRound] = useState(0);
  const [stale, setStale] = useState(0);
  const lastProgress = useRef(-1);
  useEffect(() => {
    if (!sending) return;
    const controller = new AbortController();
    const delay = Math.min(PROGRESS_POLL_MS * 2 ** stale, PROGRESS_POLL_MAX_MS);
    const timer = setTimeout(() => {
      fetchNewsletters(controller.signal)
        .then((list) => {
          if (controller.signal.aborted) return;
          showNewsletters(list);
          const progress = list.reduce((sum, n) => sum + n.sent + n.failed, 0);
          setStale((count) => (progress === lastProgress.current ? count + 1 : 0));
          lastProgress.current = progress;
        })
        // A failed read keeps the last figures on screen; the next round tries again.
        .catch(() => undefined)
        .finally(() => {
          if (!controller.signal.aborted) setRound((n) => n + 1);
        });
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [sending, round, stale, showNewsletters]);

  return (
    <div className="mail-desk">
      <ListCounts counts={counts.data} error={counts.error} onRetry={counts.reload} />
      <NewsletterComposer
        counts={counts.data}
        onSent={(newsletter) => {
          showNewsletters([newsletter, ...(newsletters.data ?? [])]);
          counts.reload();
        }}
      />
      <SentNewsletters
        newsletters={newsletters.data}
        error={newsletters.error}
        onRetry={newsletters.reload}
      />
    </div>
  );
}
