import { contentPart } from '../lib/site-content';
import { LegalPage } from './legal/LegalPage';

export function TermsOfServicePage() {
  return <LegalPage route="termsOfService" document={contentPart('termsOfService')} />;
}
