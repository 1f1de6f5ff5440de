import { ROUTE_TITLES } from '#shared/paths';
import {
  IndicatorActions,
  IndicatorOffer,
  IndicatorPoints,
  PointIcon,
  type IndicatorPoint,
} from '../features/indicators/IndicatorPageParts';
import { PortfolioPlanner } from '../features/indicators/PortfolioPlanner';
import { PortfolioIllustration } from './illustrations/illustrations';
import { NumberedSteps } from '../ui/NumberedSteps';
import { PageMain } from './PageMain';

const POINTS: readonly IndicatorPoint[] = [
  {
    title: 'Every holding in one table',
    icon: <PointIcon name="table" />,
    text: 'Quantity, price paid, price now, value and profit or loss of each holding, in a table in the corner of your chart.',
  },
  {
    title: 'Allocation at a glance',
    icon: <PointIcon name="ring" />,
    text: 'A ring shows each holding’s share of the whole, so a position that has quietly grown too large is easy to spot.',
  },
  {
    title: 'Profit and loss over time',
    icon: <PointIcon name="line" />,
    text: 'The whole portfolio’s gain or loss since you bought, day by day, green above zero and red below, with its largest fall from a high.',
  },
  {
    title: 'Your holdings, live prices',
    icon: <PointIcon name="settings" />,
    text: 'You enter what you hold and what you paid in the indicator’s settings; it takes the prices from TradingView as they change.',
  },
];

const STEPS = [
  <>
    <strong>Start with the line.</strong> It tells you whether the portfolio as a whole is ahead,
    and how deep the worst dip was on the way.
  </>,
  <>
    <strong>Then the ring.</strong> If one slice has grown far past what you planned, that holding
    now carries most of your risk, whatever its chart looks like.
  </>,
  <>
    <strong>Then the table.</strong> It shows which holdings carry the result and which ones drag,
    in money and in percent.
  </>,
];

export function PortfolioPage() {
  return (
    <PageMain route="portfolio">
      <div className="page__top" data-illustrated>
        <div className="page__intro">
          <p className="page__eyebrow">TradingView indicator</p>
          <h1 className="page__title">{ROUTE_TITLES.portfolio}</h1>
          <p className="page__lead">
            Keeps your whole portfolio on one chart: what each holding is worth, its share of the
            total, and how much the portfolio has made or lost since you bought, day by day.
          </p>
          <IndicatorActions product="portfolio" />
        </div>
        <div className="page__visual">
          <PortfolioIllustration />
        </div>
      </div>

      <section className="page__section indicator-section" aria-labelledby="pf-demo-title">
        <h2 id="pf-demo-title" className="page__section-title">
          Follow a sample portfolio
        </h2>
        <p className="page__section-lead">
          Four made-up holdings, bought a year ago at the first day&rsquo;s price. Change a quantity
          and the value, the allocation and the profit and loss follow, as they do in the indicator.
        </p>
        <PortfolioPlanner />
        <p className="indicator-disclaimer">
          The prices are generated, not market data, and nothing on this page is financial advice.
        </p>
      </section>

      <section className="page__section indicator-section" aria-labelledby="pf-what-title">
        <h2 id="pf-what-title" className="page__section-title">
          What it shows on your chart
        </h2>
        <IndicatorPoints points={POINTS} />
      </section>

      <section className="page__section" aria-labelledby="pf-read-title">
        <h2 id="pf-read-title" className="page__section-title">
          How to read it
        </h2>
        <NumberedSteps steps={STEPS} />
      </section>

      <section className="page__section" aria-labelledby="pf-who-title">
        <h2 id="pf-who-title" className="page__section-title">
          Who it is for
        </h2>
        <p>
          Long-term holders of crypto, stocks and funds who chart on TradingView and want their real
          position next to the price, instead of in a spreadsheet they forget to update.
        </p>
        <p>
          Portfolio is an invite-only script. Once your trial or purchase is granted it appears on
          your charts under Indicators, in the Invite-only scripts tab, for the TradingView username
          you gave.
        </p>
      </section>

      <IndicatorOffer product="portfolio" />
    </PageMain>
  );
}
