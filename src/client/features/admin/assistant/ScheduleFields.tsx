/**
 * When an assistant message shows: now, or from a start the owner picks (a day as the site writes
 * it and a time of day, in this browser's time zone), and until an end if one is given. The fields
 * show no grey example (it would read as a value and soon lie in the past); the hint gives today.
 */
import { useId } from 'react';
import { formatDate } from '../../../lib/date-format';
import { TextField } from '../../../ui/form/Field';
import type { Schedule } from './schedule-time';

interface ScheduleFieldsProps {
  schedule: Schedule;
  onChange: (next: Partial<Schedule>) => void;
  /** A scheduled message being changed keeps its start. */
  fixedLater: boolean;
  startError: string | null;
  endError: string | null;
}

export function ScheduleFields({
  schedule,
  onChange,
  fixedLater,
  startError,
  endError,
}: ScheduleFieldsProps) {
  const name = useId();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <fieldset className="schedule">
      <legend className="field__label">When</legend>
      {!fixedLater && (
        <div className="schedule__choice">
          <label className="schedule__option">
            <input
              type="radio"
              name={name}
              checked={!schedule.later}
              onChange={() => onChange({ later: false })}
            />
            Now
          </label>
          <label className="schedule__option">
            <input
              type="radio"
              name={name}
              checked={schedule.later}
              onChange={() => onChange({ later: true })}
            />
            From a start I pick
          </label>
        </div>
      )}
      {schedule.later && (
        <div className="schedule__row" data-schedule="startsAt">
          <TextField
            label="Starts on"
            value={schedule.startDay}
            onValueChange={(startDay) => onChange({ startDay })}
            autoComplete="off"
            error={startError}
          />
          <TextField
            label="at"
            value={schedule.startTime}
            onValueChange={(startTime) => onChange({ startTime })}
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
      )}
      <div className="schedule__row" data-schedule="endsAt">
        <TextField
          label="Ends on"
          labelNote="(optional)"
          value={schedule.endDay}
          onValueChange={(endDay) => onChange({ endDay })}
          autoComplete="off"
          error={endError}
        />
        <TextField
          label="at"
          value={schedule.endTime}
          onValueChange={(endTime) => onChange({ endTime })}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <p className="field__hint">
        Write days as the site does (today is {formatDate(new Date().toISOString())}) and times as
        14:30, in your time zone ({zone}). Without an end it stays until replaced or cleared.
      </p>
    </fieldset>
  );
}
