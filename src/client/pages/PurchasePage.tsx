import { Link } from '../lib/navigation/router';
import { INDICATORS, TRIAL_DAYS, type IndicatorProduct } from '#shared/indicator-products';
import { paths } from '#shared/paths';
import { IndicatorActions } from '../features/indicators/IndicatorPageParts';
import { contentPart } from '../lib/site-content';
import { ExternalLink } from '../ui/ExternalLink';
import { Faq } from '../ui/Faq';
import { NumberedSteps } from '../ui/NumberedSteps';
import { PriceCards } from '../ui/PriceCards';
import { PageMain } from './PageMain';
import './purchase.css';

const PRODUCTS: readonly { product: IndicatorProduct; text: string }[] = [
  {
    product: 'longAndShortPosition',
    text: 'Entry, stop and target zones, the risk-reward ratio and the position size, drawn before you trade.',
  },
  {
    product: 'portfolio',
    text: 'Your holdings, their share of the whole and the profit or loss over time, on the chart.',
  },
];

const STEPS = [
  <>
    <strong>Send a purchase request</strong> with your TradingView username and, if you like, the
    plan you want, from the indicator&rsquo;s page or below. You need a free account on this site,
    so the licence is tied to you.
  </>,
  <>
    <strong>Get the amount by email,</strong> usually within a working day, with where to pay: a
    Bitcoin or an Ethereum address, or the membership page.
  </>,
  <>
    <strong>Pay in Bitcoin or Ethereum, or join the membership tier.</strong> This site never asks
    for a card number and stores no payment details.
  </>,
  <>
    <strong>Use it.</strong> Once the payment has arrived, the indicator is added to your
    TradingView username. Your <Link to={paths.account}>account page</Link> shows the licence and
    when it ends.
  </>,
];

const QUESTIONS = [
  {
    question: 'What happens when a licence ends?',
    answer:
      'The indicator is taken off your TradingView username. Nothing renews by itself and nothing is charged: ask again whenever you want it back.',
  },
  {
    question: 'Can I try an indicator before I pay?',
    answer: `Yes: the free trial gives you ${TRIAL_DAYS} days of the full indicator. There is one trial per indicator for each account and each TradingView username.`,
  },
  {
    question: 'I changed my TradingView username.',
    answer:
      'Write to support with the old and the new name, and the licence moves to the new one for the rest of its time.',
  },
];

export function PurchasePage() {
  const { plans, priceNote, membership } = contentPart('indicators');
  return (
    <PageMain route="purchase">
      <div className="page__intro">
        <p className="page__eyebrow">Indicators</p>
        <h1 className="page__title">Purchase</h1>
        <p className="page__lead">
          Licences for the Long &amp; Short Position and Portfolio indicators on TradingView. No
          card payments and nothing that renews behind your back: you ask, you get the amount by
          email, you pay in crypto or through the membership page, and the indicator is added to
          your TradingView username.
        </p>
      </div>

      <section className="page__section indicator-section" aria-labelledby="plans-title">
        <h2 id="plans-title" className="page__section-title">
          Plans
        </h2>
        <PriceCards cards={plans} featuredLabel="Best value" />
        <p className="indicator-disclaimer">{priceNote}</p>
      </section>

      <section className="page__section indicator-section" aria-labelledby="products-title">
        <h2 id="products-title" className="page__section-title">
          Choose an indicator
        </h2>
        <ul className="price-cards purchase-products">
          {PRODUCTS.map(({ product, text }) => (
            <li key={product} className="price-card purchase-product">
              <h3 className="purchase-product__name">
                <Link to={INDICATORS[product].path}>{INDICATORS[product].title}</Link>
              </h3>
              <p className="purchase-product__text">{text}</p>
              <IndicatorActions product={product} note={false} />
            </li>
          ))}
        </ul>
      </section>

      <section className="page__section" aria-labelledby="payment-title">
        <h2 id="payment-title" className="page__section-title">
          How payment works
        </h2>
        <NumberedSteps steps={STEPS} />
      </section>

      <section className="page__section" aria-labelledby="membership-title">
        <h2 id="membership-title" className="page__section-title">
          Through the membership page
        </h2>
        <p>
          {membership} Join on the{' '}
          <ExternalLink href={contentPart('donation').membershipUrl}>membership page</ExternalLink>,
          then send a purchase request here with your TradingView username, so the two can be
          matched. When the membership ends, so does the access.
        </p>
      </section>

      <section className="page__section" aria-labelledby="purchase-questions-title">
        <h2 id="purchase-questions-title" className="page__section-title">
          Questions
        </h2>
        <Faq entries={QUESTIONS} />
        <p>
          Anything else? The <Link to={paths.support}>support page</Link> answers within two working
          days.
        </p>
      </section>
    </PageMain>
  );
}
