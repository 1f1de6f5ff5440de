import { ListLinkPage } from './ListLinkPage';

/** /pitches-mail-unsubscribe: the links in emails about new work land here. */
export function PitchesUnsubscribePage() {
  return <ListLinkPage list="pitches" route="pitchesUnsubscribe" />;
}
