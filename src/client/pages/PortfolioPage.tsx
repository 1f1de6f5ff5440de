import { IndicatorPage } from '../features/indicators/IndicatorPage';
import type { IndicatorPoint } from '../features/indicators/IndicatorPageParts';
import { PointIcon } from '../features/indicators/point-icons';
import { PortfolioPlanner } from '../features/indicators/PortfolioPlanner';
import { PortfolioIllustration } from './illustrations/illustrations';
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
      <IndicatorPage
        product="portfolio"
        idPrefix="pf"
        lead="Keeps your whole portfolio on one chart: what each holding is worth, its share of the total, and how much the portfolio has made or lost since you bought, day by day."
        illustration={<PortfolioIllustration />}
        demo={{
          title: 'Follow a sample portfolio',
          lead: (
            <>
              Four made-up holdings, bought a year ago at the first day&rsquo;s price. Change a
              quantity and the value, the allocation and the profit and loss follow, as they do in
              the indicator.
            </>
          ),
          planner: <PortfolioPlanner />,
        }}
        pointsTitle="What it shows on your chart"
        points={POINTS}
        steps={STEPS}
        audience="Long-term holders of crypto, stocks and funds who chart on TradingView and want their real position next to the price, instead of in a spreadsheet they forget to update."
      />
    </PageMain>
  );
}
