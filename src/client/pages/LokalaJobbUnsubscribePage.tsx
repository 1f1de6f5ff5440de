import { ListLinkPage } from './ListLinkPage';

/** /lokala-jobb-avregistrera-mail, in Swedish: the links in Lokala jobb's mails land here. */
export function LokalaJobbUnsubscribePage() {
  return <ListLinkPage list="lokalaJobb" route="lokalaJobbUnsubscribe" lang="sv" />;
}
