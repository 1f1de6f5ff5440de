/** The lists as the desk names them. */
import type { MailList } from '#shared/mail-list-schemas';

export const LIST_LABELS: Record<MailList, string> = {
  newsletter: 'Newsletter',
  lokalaJobb: 'Lokala jobb (Swedish)',
  pitches: 'Pitches (new work)',
};
