import { ListLink } from '../features/mail-lists/ListLink';
import { PageMain } from './PageMain';

/** /lokala-jobb-avregistrera-mail, in Swedish: the links in Lokala jobb's mails land here. */
export function LokalaJobbUnsubscribePage() {
  return (
    <PageMain route="lokalaJobbUnsubscribe" lang="sv">
      <ListLink list="lokalaJobb" route="lokalaJobbUnsubscribe" />
    </PageMain>
  );
}
