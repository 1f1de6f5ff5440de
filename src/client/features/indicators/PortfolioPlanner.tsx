/**
 * The Portfolio page's working demo: four made-up holdings bought at the first day's close of the
 * sample prices, with what the indicator shows for them: the whole portfolio's value and profit or
 * loss (as figures and as a chart over the year), each holding's share of the whole (a ring and the
 * cards), and the largest fall from a high. The visitor changes the quantities; everything follows.
 */
import { lazy, useMemo, useState } from 'react';
import { formatDay } from '../../lib/date-format';
import { TextField } from '../../ui/form/Field';
import { ChartFrame, ChartLegend } from './ChartFrame';
import {
  formatPercent,
  formatPrice,
  formatSignedUsd,
  formatUnits,
  formatUsd,
} from './number-format';
import { parseAmount } from './position-math';
import {
  commonLength,
  holdingResults,
  isValidQuantity,
  maxDrawdown,
  portfolioSeries,
  type HoldingResult,
} from './portfolio-math';
import { dayAt } from './sample-days';
import { SAMPLE_PORTFOLIO } from './sample-portfolio';
import './portfolio-planner.css';

const PortfolioChart = lazy(() =>
  import('./PortfolioChart').then((module) => ({ default: module.PortfolioChart })),
);

const { assets, start } = SAMPLE_PORTFOLIO;
const LAST_DAY = commonLength(assets) - 1;

/** What the sample portfolio holds when the page opens: about a quarter of the money in each. */
const START_QUANTITIES: Record<string, string> = { NOVA: '30', ORBT: '550', TIDE: '6', AURM: '12' };

const QUANTITY_ERROR = 'Quantity must be a number, zero or more.';

function tone(value: number): 'reward' | 'risk' | undefined {
  return value > 0 ? 'reward' : value < 0 ? 'risk' : undefined;
}

export function PortfolioPlanner() {
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      assets.map((asset) => [asset.symbol, START_QUANTITIES[asset.symbol] ?? '0']),
    ),
  );
  const quantities = useMemo(
    () =>
      assets.map((asset) => ({
        symbol: asset.symbol,
        quantity: parseAmount(texts[asset.symbol] ?? ''),
      })),
    [texts],
  );
  const holdings = useMemo(
    () => quantities.map((q) => (isValidQuantity(q.quantity) ? q : { ...q, quantity: 0 })),
    [quantities],
  );
  const series = useMemo(() => portfolioSeries(assets, holdings), [holdings]);
  const rows = useMemo(() => holdingResults(assets, holdings, LAST_DAY), [holdings]);
  const value = series.value[LAST_DAY] ?? 0;
  const pnl = series.pnl[LAST_DAY] ?? 0;
  const drawdown = maxDrawdown(series.value);
  const lastDay = formatDay(dayAt(start, LAST_DAY));
  const firstDay = formatDay(dayAt(start, 0));

  const lowest = Math.min(...series.pnl);
  const highest = Math.max(...series.pnl);
  const description =
    series.cost > 0
      ? `Profit and loss of the sample portfolio per day from ${firstDay} to ${lastDay}: between ${formatSignedUsd(lowest)} and ${formatSignedUsd(highest)}, ending at ${formatSignedUsd(pnl)}.`
      : 'Profit and loss of the sample portfolio: nothing is held, so it stays at zero.';

  return (
    <div className="planner planner--portfolio">
      <dl className="results planner__results">
        <div className="results__item" data-emphasis>
          <dt className="results__term">Value on {lastDay}</dt>
          <dd className="results__value">{formatUsd(value)}</dd>
        </div>
        <div className="results__item">
          <dt className="results__term">Paid on {firstDay}</dt>
          <dd className="results__value">{formatUsd(series.cost)}</dd>
        </div>
        <div className="results__item" data-tone={tone(pnl)}>
          <dt className="results__term">Profit or loss</dt>
          <dd className="results__value">{formatSignedUsd(pnl)}</dd>
        </div>
        <div className="results__item" data-tone={tone(pnl)}>
          <dt className="results__term">Return</dt>
          <dd className="results__value">
            {series.cost > 0 ? formatPercent(pnl / series.cost, true) : '—'}
          </dd>
        </div>
        <div className="results__item">
          <dt className="results__term">Largest fall from a high</dt>
          <dd className="results__value">{series.cost > 0 ? formatPercent(drawdown) : '—'}</dd>
        </div>
      </dl>

      <ChartFrame
        legend={
          <ChartLegend items={[{ label: 'Profit (green) or loss (red)', swatch: 'profit' }]} />
        }
      >
        <PortfolioChart start={start} pnl={series.pnl} description={description} />
      </ChartFrame>

      <AllocationRing rows={rows} total={value} day={lastDay} />

      <ul className="holdings" aria-label="Holdings">
        {rows.map((row, index) => (
          <HoldingCard
            key={row.symbol}
            row={row}
            index={index}
            text={texts[row.symbol] ?? ''}
            invalid={!isValidQuantity(quantities[index]?.quantity ?? Number.NaN)}
            onChange={(next) => setTexts((current) => ({ ...current, [row.symbol]: next }))}
          />
        ))}
      </ul>
    </div>
  );
}

interface HoldingCardProps {
  row: HoldingResult;
  index: number;
  text: string;
  invalid: boolean;
  onChange: (text: string) => void;
}

function HoldingCard({ row, index, text, invalid, onChange }: HoldingCardProps) {
  return (
    <li className="holding" data-series={index + 1}>
      <div className="holding__head">
        <span className="holding__swatch" aria-hidden="true" />
        <h3 className="holding__name">
          {row.name} <span className="holding__symbol">{row.symbol}</span>
        </h3>
        <p className="holding__kind">{row.kind}</p>
      </div>
      <TextField
        name={`quantity-${row.symbol}`}
        label={`Quantity of ${row.name}`}
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onValueChange={onChange}
        error={invalid ? QUANTITY_ERROR : null}
        className="planner__field"
      />
      <dl className="holding__facts">
        <div>
          <dt>Bought at</dt>
          <dd>{formatPrice(row.buyPrice)}</dd>
        </div>
        <div>
          <dt>Price now</dt>
          <dd>{formatPrice(row.price)}</dd>
        </div>
        <div>
          <dt>Value</dt>
          <dd>{invalid ? '—' : formatUsd(row.value)}</dd>
        </div>
        <div>
          <dt>Profit or loss</dt>
          <dd data-tone={invalid ? undefined : tone(row.pnl)}>
            {invalid ? '—' : formatSignedUsd(row.pnl)}
            {!invalid && row.pnlRatio !== null && ` (${formatPercent(row.pnlRatio, true)})`}
          </dd>
        </div>
        <div>
          <dt>Share</dt>
          <dd>{invalid ? '—' : formatPercent(row.weight)}</dd>
        </div>
      </dl>
    </li>
  );
}

const RING_RADIUS = 42;
const RING_CIRCUMFERENCE = 2 * Math.PI * RING_RADIUS;

/** One arc per held asset: its length and where it starts along the ring. */
function ringArcs(rows: readonly HoldingResult[]) {
  const arcs: { row: HoldingResult; index: number; length: number; start: number }[] = [];
  let start = 0;
  rows.forEach((row, index) => {
    if (row.weight <= 0) return;
    const length = row.weight * RING_CIRCUMFERENCE;
    arcs.push({ row, index, length, start });
    start += length;
  });
  return arcs;
}

/** Allocation as a ring of arcs, one per holding, with the total in the middle. */
function AllocationRing({
  rows,
  total,
  day,
}: {
  rows: readonly HoldingResult[];
  total: number;
  day: string;
}) {
  const shares = ringArcs(rows);
  const summary =
    shares.length === 0
      ? 'Allocation: nothing is held.'
      : `Allocation on ${day}: ${shares
          .map(({ row }) => `${row.name} ${formatPercent(row.weight)}`)
          .join(', ')}.`;
  return (
    <figure className="allocation">
      <svg className="allocation__ring" viewBox="0 0 100 100" role="img" aria-label={summary}>
        <circle className="allocation__track" cx="50" cy="50" r={RING_RADIUS} />
        {shares.map(({ row, index, length, start }) => (
          <circle
            key={row.symbol}
            className="allocation__arc"
            cx="50"
            cy="50"
            r={RING_RADIUS}
            stroke={`var(--indicator-${index + 1})`}
            strokeDasharray={`${Math.max(length - 0.8, 0.1)} ${RING_CIRCUMFERENCE}`}
            strokeDashoffset={-start}
          />
        ))}
        <text className="allocation__total" x="50" y="48" textAnchor="middle">
          {formatUnits(Math.round(total))}
        </text>
        <text className="allocation__caption" x="50" y="60" textAnchor="middle">
          USD
        </text>
      </svg>
      <figcaption className="allocation__legend">
        <p className="allocation__title">Allocation</p>
        <ul className="allocation__list">
          {rows.map((row, index) => (
            <li key={row.symbol} className="allocation__item">
              <span className="allocation__swatch" data-series={index + 1} aria-hidden="true" />
              <span className="allocation__name">{row.name}</span>
              <span className="allocation__share">{formatPercent(row.weight)}</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
