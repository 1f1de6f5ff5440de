/**
 * The Long & Short Position page's working demo: the trade on the sample chart (lines the visitor
 * can drag) beside the fields that set it, and what the indicator works out from it: risk-reward,
 * the position size that risks the chosen share of the account, and what a stop or a target means
 * in money. The numbers are the page's own (position-math.ts); the chart streams in after them.
 */
import { lazy, useId, useState } from 'react';
import { formatDay } from '../../lib/date-format';
import { TextField } from '../../ui/form/Field';
import { ChartFrame, ChartLegend } from './ChartFrame';
import { formatPrice, formatUnits, formatUsd } from './number-format';
import {
  formatRatio,
  mirrorLevels,
  parseAmount,
  positionSize,
  riskReward,
  type LevelField,
  type Side,
  type SizingField,
} from './position-math';
import { dayAt } from './sample-days';
import { SAMPLE_TRADE } from './sample-trade';
import './position-planner.css';

const PositionChart = lazy(() =>
  import('./PositionChart').then((module) => ({ default: module.PositionChart })),
);

type FieldName = LevelField | 'accountSize' | 'riskPercent';
type Texts = Record<FieldName, string>;

const { setup, symbol } = SAMPLE_TRADE;
const BASE = symbol.split('/')[0] ?? symbol;

const START: Texts = {
  entry: setup.entry.toFixed(2),
  stop: setup.stop.toFixed(2),
  target: setup.target.toFixed(2),
  accountSize: '10,000',
  riskPercent: '1',
};

const SIDES: readonly { side: Side; label: string }[] = [
  { side: 'long', label: 'Long' },
  { side: 'short', label: 'Short' },
];

export function PositionPlanner() {
  const sideLegendId = useId();
  const [side, setSide] = useState<Side>('long');
  const [texts, setTexts] = useState<Texts>(START);

  const entry = parseAmount(texts.entry);
  const stop = parseAmount(texts.stop);
  const target = parseAmount(texts.target);
  const accountSize = parseAmount(texts.accountSize);
  const riskPercent = parseAmount(texts.riskPercent);
  const trade = riskReward({ side, entry, stop, target });
  const sizing = positionSize({ accountSize, riskPercent, entry, stop });

  // Each problem under its own field; a level's problem is the trade's, not repeated by the sizing.
  const errors: Partial<Record<FieldName, string>> = {};
  if (!trade.ok) errors[trade.field] = trade.message;
  if (!sizing.ok && !errors[sizing.field] && !isLevel(sizing.field))
    errors[sizing.field] = sizing.message;

  function setText(field: FieldName, value: string) {
    setTexts((current) => ({ ...current, [field]: value }));
  }

  function chooseSide(next: Side) {
    if (next === side) return;
    setSide(next);
    // The same trade the other way round, when the levels are numbers to mirror.
    if ([entry, stop, target].every(Number.isFinite)) {
      const mirrored = mirrorLevels({ side, entry, stop, target });
      setTexts((current) => ({
        ...current,
        stop: mirrored.stop.toFixed(2),
        target: mirrored.target.toFixed(2),
      }));
    }
  }

  const entryDay = formatDay(dayAt(SAMPLE_TRADE.start, setup.entryIndex));
  const description = trade.ok
    ? `Daily candles of ${symbol}, generated sample prices, with a ${side} trade from ${entryDay}: entry ${formatPrice(entry)}, stop ${formatPrice(stop)}, target ${formatPrice(target)}, risk-reward ${formatRatio(trade.ratio)}.`
    : `Daily candles of ${symbol}, generated sample prices. The trade is not drawn: ${trade.message}`;

  return (
    <div className="planner">
      <ChartFrame
        legend={
          <ChartLegend
            items={[
              { label: 'Reward zone', swatch: 'reward' },
              { label: 'Risk zone', swatch: 'risk' },
              { label: 'Entry', swatch: 'entry' },
            ]}
          />
        }
      >
        <PositionChart
          entryIndex={setup.entryIndex}
          levels={{ entry, stop, target }}
          valid={trade.ok}
          onLevelDrag={(field, price) => setText(field, price.toFixed(2))}
          description={description}
        />
      </ChartFrame>

      <form className="planner__panel" onSubmit={(event) => event.preventDefault()} noValidate>
        <fieldset className="side-switch" aria-describedby={sideLegendId}>
          <legend className="side-switch__legend">Direction</legend>
          <div className="side-switch__options">
            {SIDES.map((option) => (
              <label key={option.side} className="side-switch__option">
                <input
                  type="radio"
                  name="side"
                  value={option.side}
                  checked={side === option.side}
                  onChange={() => chooseSide(option.side)}
                />
                <span className="side-switch__label">{option.label}</span>
              </label>
            ))}
          </div>
          <p id={sideLegendId} className="side-switch__hint">
            {side === 'long'
              ? 'Long: buy, expecting a rise. The stop sits below the entry, the target above.'
              : 'Short: sell, expecting a fall. The stop sits above the entry, the target below.'}
          </p>
        </fieldset>
        <div className="planner__levels">
          <PlannerField
            name="entry"
            label="Entry"
            texts={texts}
            errors={errors}
            onChange={setText}
          />
          <PlannerField name="stop" label="Stop" texts={texts} errors={errors} onChange={setText} />
          <PlannerField
            name="target"
            label="Target"
            texts={texts}
            errors={errors}
            onChange={setText}
          />
        </div>
        <div className="planner__account">
          <PlannerField
            name="accountSize"
            label="Account size ($)"
            texts={texts}
            errors={errors}
            onChange={setText}
          />
          <PlannerField
            name="riskPercent"
            label="Risk per trade (%)"
            texts={texts}
            errors={errors}
            onChange={setText}
          />
        </div>
      </form>

      <section className="planner__results" aria-label="What the indicator works out">
        <dl className="results">
          <Result term="Risk-reward" emphasis>
            {trade.ok ? formatRatio(trade.ratio) : '—'}
          </Result>
          <Result term="Position size">
            {trade.ok && sizing.ok ? `${formatUnits(sizing.units)} ${BASE}` : '—'}
          </Result>
          <Result term="Position value">
            {trade.ok && sizing.ok ? formatUsd(sizing.positionValue) : '—'}
          </Result>
          <Result term="Loss at the stop" tone="risk">
            {trade.ok && sizing.ok ? formatUsd(sizing.riskAmount) : '—'}
          </Result>
          <Result term="Profit at the target" tone="reward">
            {trade.ok && sizing.ok ? formatUsd(sizing.units * trade.reward) : '—'}
          </Result>
        </dl>
        {trade.ok && sizing.ok && sizing.accountShare > 1 && (
          <p className="planner__note">
            This position is {sizing.accountShare.toFixed(1)} times the account: it needs leverage.
            A wider stop or a smaller risk keeps it within what you have.
          </p>
        )}
      </section>
    </div>
  );
}

function isLevel(field: SizingField): boolean {
  return field === 'entry' || field === 'stop';
}

interface PlannerFieldProps {
  name: FieldName;
  label: string;
  texts: Texts;
  errors: Partial<Record<FieldName, string>>;
  onChange: (name: FieldName, value: string) => void;
}

function PlannerField({ name, label, texts, errors, onChange }: PlannerFieldProps) {
  return (
    <TextField
      name={name}
      label={label}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={texts[name]}
      onValueChange={(value) => onChange(name, value)}
      error={errors[name] ?? null}
      className="planner__field"
    />
  );
}

function Result({
  term,
  tone,
  emphasis = false,
  children,
}: {
  term: string;
  tone?: 'risk' | 'reward';
  emphasis?: boolean;
  children: string;
}) {
  return (
    <div className="results__item" data-tone={tone} data-emphasis={emphasis || undefined}>
      <dt className="results__term">{term}</dt>
      <dd className="results__value">{children}</dd>
    </div>
  );
}
