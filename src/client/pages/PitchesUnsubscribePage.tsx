import { ListLink } from '../features/mail-lists/ListLink';
import { PageMain } from './PageMain';

/** /pitches-mail-unsubscribe: the links in emails about new work land here. */
export function PitchesUnsubscribePage() {
  return (
    <PageMain route="pitchesUnsubscribe">
      <ListLink list="pitches" route="pitchesUnsubscribe" />
    </PageMain>
  );
}
