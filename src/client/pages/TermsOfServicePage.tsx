import termsOfService from '#content/legal/terms-of-service.md';
import { LegalPage } from './legal/LegalPage';

export function TermsOfServicePage() {
  return <LegalPage route="termsOfService" document={termsOfService} />;
}
