/**
 * Lokala jobb, in Swedish: the web service for local businesses, its packages and prices, how a
 * project runs, examples and questions (the words the owner publishes), and the enquiry form.
 */
import { SubmissionForm } from '../features/forms/SubmissionForm';
import { buttonClassName } from '../ui/button-class';
import { Faq } from '../ui/Faq';
import { NumberedSteps } from '../ui/NumberedSteps';
import { PriceCards } from '../ui/PriceCards';
import { SwedenFlagIcon } from '../ui/icons';
import { contentPart } from '../lib/site-content';
import { PageMain } from './PageMain';

export function LokalaJobbPage() {
  const { lead, points, packages, featuredLabel, priceNote, steps, examples, questions } =
    contentPart('lokalaJobb');
  return (
    <PageMain route="lokalaJobb" lang="sv">
      <div className="page__intro">
        <p className="page__eyebrow">
          Webbutveckling <SwedenFlagIcon size={18} className="sweden-flag" />
        </p>
        <h1 className="page__title">Lokala jobb</h1>
        <p className="page__lead">{lead}</p>
        <p className="page__actions">
          <a className={buttonClassName({ variant: 'primary' })} href="#lokala-jobb-form-title">
            Be om en offert
          </a>
        </p>
      </div>
      <ul className="page__points">
        {points.map((point) => (
          <li key={point.title}>
            <h2>{point.title}</h2>
            <p>{point.text}</p>
          </li>
        ))}
      </ul>

      <section className="page__section page__section--wide" aria-labelledby="lokala-jobb-prices">
        <h2 id="lokala-jobb-prices" className="page__section-title">
          Paket och priser
        </h2>
        <PriceCards cards={packages} featuredLabel={featuredLabel} />
        <p className="page__note">{priceNote}</p>
      </section>

      <section className="page__section" aria-labelledby="lokala-jobb-steps">
        <h2 id="lokala-jobb-steps" className="page__section-title">
          Så går det till
        </h2>
        <NumberedSteps
          steps={steps.map((step) => (
            <>
              <strong>{step.title}.</strong> {step.text}
            </>
          ))}
        />
      </section>

      {examples.length > 0 && (
        <section
          className="page__section page__section--wide"
          aria-labelledby="lokala-jobb-examples"
        >
          <h2 id="lokala-jobb-examples" className="page__section-title">
            Exempel på vad vi bygger
          </h2>
          <ul className="page__points page__points--compact">
            {examples.map((example) => (
              <li key={example.business}>
                <h3>{example.business}</h3>
                <p>{example.text}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      {questions.length > 0 && (
        <section className="page__section" aria-labelledby="lokala-jobb-questions">
          <h2 id="lokala-jobb-questions" className="page__section-title">
            Vanliga frågor
          </h2>
          <Faq entries={questions} />
        </section>
      )}

      <section className="page__section" aria-labelledby="lokala-jobb-form-title">
        <h2 id="lokala-jobb-form-title" className="page__section-title" tabIndex={-1}>
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
