import privacyPolicy from '#content/legal/privacy-policy.md';
import { LegalPage } from './legal/LegalPage';

export function PrivacyPolicyPage() {
  return <LegalPage route="privacyPolicy" document={privacyPolicy} />;
}
