import { ListLinkPage } from './ListLinkPage';

/** /newsletter-unsubscribe: the newsletter's confirmation and unsubscribe links land here. */
export function NewsletterUnsubscribePage() {
  return <ListLinkPage list="newsletter" route="newsletterUnsubscribe" />;
}
