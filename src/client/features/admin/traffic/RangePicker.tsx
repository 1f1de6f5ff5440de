/**
 * The traffic section's range: the last 7, 30 or 90 days, 12 months, or two days of one's own,
 * written to the address bar so a range can be bookmarked and compared by going back.
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from '../../../lib/navigation/router';
import { TRAFFIC_PRESETS, type TrafficPreset } from '#shared/traffic-range';
import {
  daysInRange,
  isTrafficDay,
  TRAFFIC_RANGE_MAX_DAYS,
  VISIT_MESSAGES,
} from '#shared/visit-schemas';
import { Button } from '../../../ui/Button';
import { DayField, dayFieldProblem } from '../DayField';
import { PRESET_LABELS, RANGE_PARAMS, type RangeChoice } from './traffic-data';

export function RangePicker({ choice }: { choice: RangeChoice }) {
  const [params, setParams] = useSearchParams();
  const [custom, setCustom] = useState(choice.kind === 'custom');
  const [from, setFrom] = useState<string | null>(choice.range.from);
  const [to, setTo] = useState<string | null>(choice.range.to);
  const [problem, setProblem] = useState<{ field: 'from' | 'to'; message: string } | null>(null);

  function show(next: Record<string, string | null>) {
    const url = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) url.set(key, value);
      else url.delete(key);
    }
    setParams(url);
  }

  function pickPreset(preset: TrafficPreset) {
    setCustom(false);
    setProblem(null);
    show({ [RANGE_PARAMS.preset]: preset, [RANGE_PARAMS.from]: null, [RANGE_PARAMS.to]: null });
  }

  function applyCustom(event: FormEvent) {
    event.preventDefault();
    if (!from) return setProblem({ field: 'from', message: dayFieldProblem() });
    if (!to) return setProblem({ field: 'to', message: dayFieldProblem() });
    if (!isTrafficDay(from))
      return setProblem({ field: 'from', message: VISIT_MESSAGES.dayOutOfSpan });
    if (!isTrafficDay(to)) return setProblem({ field: 'to', message: VISIT_MESSAGES.dayOutOfSpan });
    if (from > to) return setProblem({ field: 'to', message: VISIT_MESSAGES.rangeBackwards });
    if (daysInRange(from, to) > TRAFFIC_RANGE_MAX_DAYS)
      return setProblem({ field: 'from', message: VISIT_MESSAGES.rangeTooLong });
    setProblem(null);
    show({ [RANGE_PARAMS.preset]: null, [RANGE_PARAMS.from]: from, [RANGE_PARAMS.to]: to });
  }

  const active = custom ? 'custom' : choice.kind === 'preset' ? choice.preset : 'custom';
  return (
    <div className="traffic-range">
      <div className="traffic-range__presets" role="group" aria-label="Days shown">
        {TRAFFIC_PRESETS.map((preset) => (
          <Button
            key={preset}
            variant={active === preset ? 'primary' : 'secondary'}
            aria-pressed={active === preset}
            onClick={() => pickPreset(preset)}
          >
            {PRESET_LABELS[preset]}
          </Button>
        ))}
        <Button
          variant={active === 'custom' ? 'primary' : 'secondary'}
          aria-pressed={active === 'custom'}
          onClick={() => {
            // The fields start at the days on show, so they and the figures agree until Show.
            if (!custom) {
              setFrom(choice.range.from);
              setTo(choice.range.to);
              setProblem(null);
            }
            setCustom(true);
          }}
        >
          Custom
        </Button>
      </div>
      {custom && (
        <form
          className="traffic-range__custom"
          onSubmit={applyCustom}
          aria-label="Custom range"
          noValidate
        >
          <DayField
            label="From"
            day={from}
            onDayChange={setFrom}
            error={problem?.field === 'from' ? problem.message : null}
          />
          <DayField
            label="To"
            day={to}
            onDayChange={setTo}
            error={problem?.field === 'to' ? problem.message : null}
          />
          <Button type="submit" variant="primary" className="traffic-range__apply">
            Show
          </Button>
        </form>
      )}
      <p className="field__hint">Days are UTC; each figure is set beside as many days before.</p>
    </div>
  );
}
