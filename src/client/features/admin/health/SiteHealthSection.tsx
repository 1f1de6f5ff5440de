/**
 * The site's health on the desk (docs/product/command-line.md#site-health): whether the database answers, the
 * free disk where the data lives, the mail queue (and whether it waits after a restore) and the
 * newest backup with its age, each with what to do when it needs the owner.
 */
import type { SiteHealth } from '#shared/site-health-schemas';
import { formatAgo, formatDateTime } from '../../../lib/date-format';
import { DeskLoadFailed, DeskLoading, RefreshBar } from '../DeskSection';
import { useAdminData } from '../use-admin-data';
import { fetchSiteHealth } from './health-api';
import './site-health.css';

const GB = 1e9;
const MB = 1e6;

function size(bytes: number): string {
  return bytes >= GB ? `${(bytes / GB).toFixed(1)} GB` : `${(bytes / MB).toFixed(1)} MB`;
}

/** Less free space than this (or a tenth of the disk) is worth a word. */
const LOW_DISK_BYTES = 2 * GB;

function rows(health: SiteHealth): { term: string; value: string; warn?: boolean }[] {
  const { database, disk, mailQueue, lastBackup } = health;
  const lowDisk =
    disk !== null && (disk.freeBytes < LOW_DISK_BYTES || disk.freeBytes < disk.totalBytes / 10);
  return [
    {
      term: 'Database',
      value: `${database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${database.answers ? 'answers' : 'does not answer'}`,
      warn: !database.answers,
    },
    {
      term: 'Free disk',
      value:
        disk === null
          ? 'Cannot be read'
          : `${size(disk.freeBytes)} of ${size(disk.totalBytes)}${disk.full ? ': full, nothing new can be saved; free some space' : lowDisk ? ': running low' : ''}`,
      warn: lowDisk || disk?.full,
    },
    {
      term: 'Mail queue',
      value: mailQueue.paused
        ? `Paused after a restore (${mailQueue.queued} waiting): release it with npm run admin -- release-mail`
        : mailQueue.queued === 0
          ? 'Empty'
          : `${mailQueue.queued} waiting, the oldest since ${formatDateTime(mailQueue.oldestQueuedAt ?? '')}${mailQueue.lastError ? `; sending failed: ${mailQueue.lastError} (tried again later)` : ''}`,
      warn: mailQueue.paused || mailQueue.lastError !== null,
    },
    {
      term: 'Last backup',
      value: lastBackup
        ? `${formatAgo(lastBackup.at)} (${formatDateTime(lastBackup.at)}), ${size(lastBackup.bytes)}: ${lastBackup.file}`
        : 'None yet: run npm run backup, or set BACKUP_EVERY',
      warn: lastBackup === null,
    },
  ];
}

export function SiteHealthSection() {
  const health = useAdminData(fetchSiteHealth);
  if (health.data === undefined) {
    return health.error ? (
      <DeskLoadFailed message={health.error} onRetry={health.reload} />
    ) : (
      <DeskLoading label="Checking the site…" />
    );
  }
  return (
    <div className="site-health">
      <RefreshBar loading={health.loading} onRefresh={health.reload} />
      <dl className="site-health__list">
        {rows(health.data).map(({ term, value, warn }) => (
          <div key={term} className="site-health__row" data-warn={warn || undefined}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
