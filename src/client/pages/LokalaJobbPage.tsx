import { SubmissionForm } from '../features/forms/SubmissionForm';
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
      <section className="page__section" aria-labelledby="lokala-jobb-form-title">
        <h2 id="lokala-jobb-form-title" className="page__section-title">
          Be om en offert
        </h2>
        <p className="page__section-lead">
          Berätta kort om ert företag. Ni får ett förslag och ett fast pris via e-post, utan
          förpliktelser.
        </p>
        <SubmissionForm type="jobs/lokalaJobb" />
      </section>
    </PageMain>
  );
}
