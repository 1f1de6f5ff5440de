/** The sent newsletters, newest first, each with its progress through the mail queue. */
import { MAIL_LIST_INFO, type Newsletter } from '#shared/mail-list-schemas';
import { FormMessage } from '../../../ui/form/FormMessage';
import { formatDateTime } from '../../../lib/date-format';
import { formatCount, plural } from '../admin-format';
import { DeskLoadFailed, DeskLoading } from '../DeskSection';

export function SentNewsletters({
  newsletters,
  error,
  onRetry,
}: {
  newsletters: Newsletter[] | undefined;
  error: string | null;
  onRetry: () => void;
}) {
  let body;
  if (newsletters === undefined) {
    body = error ? (
      <DeskLoadFailed message={error} onRetry={onRetry} />
    ) : (
      <DeskLoading label="Loading sent newsletters…" size="sm" />
    );
  } else if (newsletters.length === 0) {
    body = <p className="desk-empty">Nothing sent yet. Newsletters you send appear here.</p>;
  } else {
    body = (
      <ol className="newsletter-list">
        {newsletters.map((newsletter) => (
          <NewsletterItem key={newsletter.id} newsletter={newsletter} />
        ))}
      </ol>
    );
  }
  return (
    <div className="mail-sent">
      <h3 className="mail-desk__title">Past newsletters</h3>
      {error && newsletters !== undefined && <FormMessage tone="error">{error}</FormMessage>}
      {body}
    </div>
  );
}

function NewsletterItem({ newsletter }: { newsletter: Newsletter }) {
  const { recipients, sent, failed, queued, unsubscribes } = newsletter;
  const done = sent + failed;
  const percent = recipients === 0 ? 100 : Math.floor((done / recipients) * 100);
  const status = [
    `${formatCount(sent)} of ${formatCount(recipients)} sent`,
    failed > 0 ? `${formatCount(failed)} failed` : null,
    queued > 0 ? `${formatCount(queued)} still queued` : 'done',
    `${plural(unsubscribes, 'unsubscribe', 'unsubscribes')} since`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="newsletter-item" data-state={queued > 0 ? 'sending' : 'done'}>
      <div className="newsletter-item__head">
        <p className="newsletter-item__subject">{newsletter.subject}</p>
        <p className="newsletter-item__meta">
          {MAIL_LIST_INFO[newsletter.list].name} ·{' '}
          <time dateTime={newsletter.createdAt}>{formatDateTime(newsletter.createdAt)}</time>
        </p>
      </div>
      <progress
        className="newsletter-item__bar"
        max={100}
        value={percent}
        aria-label={`Progress of “${newsletter.subject}”`}
        aria-valuetext={`${percent}%: ${status}`}
      />
      <p className="newsletter-item__status">
        <span className="newsletter-item__percent">{percent}%</span> {status}
      </p>
    </li>
  );
}
