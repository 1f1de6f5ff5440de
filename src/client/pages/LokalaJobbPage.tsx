import { SwedenFlagIcon } from '../ui/icons';
import { PageMain } from './PageMain';

export { RouteErrorBoundary as ErrorBoundary } from '../app/RouteErrorBoundary';

const POINTS = [
  { title: 'Snabb', text: 'Sidor som laddar direkt, även på en gammal mobil.' },
  {
    title: 'Tydlig',
    text: 'Det kunderna letar efter först: öppettider, priser och hur man hittar dit.',
  },
  { title: 'Lätt att uppdatera', text: 'Ändra texter och bilder själv, utan att ringa någon.' },
];

export function LokalaJobbPage() {
  return (
    <PageMain route="lokalaJobb" lang="sv">
      <div className="page__intro">
        <p className="page__eyebrow">
          Webbutveckling <SwedenFlagIcon size={18} className="sweden-flag" />
        </p>
        <h1 className="page__title">Lokala jobb</h1>
        <p className="page__lead">
          Hemsidor för lokala svenska företag: snabba, tydliga och byggda för att ge fler kunder.
        </p>
      </div>
      <ul className="page__points">
        {POINTS.map((point) => (
          <li key={point.title}>
            <h2>{point.title}</h2>
            <p>{point.text}</p>
          </li>
        ))}
      </ul>
      <p className="page__later">
        <span className="page__later-dot" aria-hidden="true" />
        <span>Formuläret för att beställa en hemsida kommer i en senare version.</span>
      </p>
    </PageMain>
  );
}
