import { SimplePage } from './SimplePage';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

export function LokalaJobbUnsubscribePage() {
  return (
    <SimplePage
      route="lokalaJobbUnsubscribe"
      lang="sv"
      eyebrow="Lokala jobb"
      lead="Länken i våra mejl tar dig hit, så att du kan avsluta utskicken från Lokala jobb med ett klick."
      later="Avregistreringen öppnar i en senare version."
    />
  );
}
