import { IndicatorPage } from '../features/indicators/IndicatorPage';
import type { IndicatorPoint } from '../features/indicators/IndicatorPageParts';
import { PointIcon } from '../features/indicators/point-icons';
import { PositionPlanner } from '../features/indicators/PositionPlanner';
import { CandlesIllustration } from './illustrations/illustrations';
import { PageMain } from './PageMain';

const POINTS: readonly IndicatorPoint[] = [
  {
    title: 'Entry, stop and target',
    icon: <PointIcon name="zones" />,
    text: 'Three lines and two shaded zones: red from the entry to the stop, green from the entry to the target. You see at a glance how far price has to travel either way.',
  },
  {
    title: 'Risk-reward, always current',
    icon: <PointIcon name="ratio" />,
    text: 'The ratio is worked out again whenever a line moves, so you know whether the trade is worth taking before the order goes in.',
  },
  {
    title: 'Position size from your risk',
    icon: <PointIcon name="size" />,
    text: 'Enter your account size and the share you accept to lose on one trade. The indicator works out how many units to buy or sell so that the stop costs exactly that.',
  },
  {
    title: 'Long and short alike',
    icon: <PointIcon name="flip" />,
    text: 'Switch the direction and the zones turn over: the stop above the entry, the target below. Every figure follows.',
  },
];

const STEPS = [
  <>
    <strong>Mark the entry</strong> where you plan to get in: a breakout, a retest, the close of a
    candle.
  </>,
  <>
    <strong>Put the stop where the idea is wrong</strong>, under the last swing low for a long or
    above the last swing high for a short, not where the loss feels comfortable.
  </>,
  <>
    <strong>Set the target</strong> at the next level price has to get through, and read the ratio.
    Many traders pass on anything below 1 : 2.
  </>,
  <>
    <strong>Take the size from the indicator, not from a hunch.</strong> Tight stop or wide, a loss
    then costs the same share of your account every time.
  </>,
];

export function LongAndShortPositionPage() {
  return (
    <PageMain route="longAndShortPosition">
      <IndicatorPage
        product="longAndShortPosition"
        idPrefix="ls"
        lead="Draws your trade before you take it: the entry, stop and target as zones on the chart, the risk-reward ratio beside them, and the position size that keeps a losing trade to the share of your account you chose."
        illustration={<CandlesIllustration />}
        demo={{
          title: 'Plan a trade on sample prices',
          lead: (
            <>
              This is the indicator&rsquo;s arithmetic on a year of made-up daily prices. Drag the
              entry, stop and target lines on the chart or type the prices, then set your account
              size and risk: every figure below follows.
            </>
          ),
          planner: <PositionPlanner />,
        }}
        pointsTitle="What it draws on your chart"
        points={POINTS}
        steps={STEPS}
        audience="Swing and day traders on TradingView who want every trade planned the same way, with the loss known before the order goes in. It works on any market and time frame TradingView charts: crypto, stocks, forex and futures."
      />
    </PageMain>
  );
}
