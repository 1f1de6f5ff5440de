import { contentPart } from '../lib/site-content';
import { LegalPage } from './legal/LegalPage';

export function PrivacyPolicyPage() {
  return <LegalPage route="privacyPolicy" document={contentPart('privacyPolicy')} />;
}
