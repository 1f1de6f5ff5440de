import { ListLink } from '../features/mail-lists/ListLink';
import { PageMain } from './PageMain';

/** /newsletter-unsubscribe: the newsletter's confirmation and unsubscribe links land here. */
export function NewsletterUnsubscribePage() {
  return (
    <PageMain route="newsletterUnsubscribe">
      <ListLink list="newsletter" route="newsletterUnsubscribe" />
    </PageMain>
  );
}
