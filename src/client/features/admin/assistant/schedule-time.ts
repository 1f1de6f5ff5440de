/**
 * The start and end of a scheduled message as the owner types them: a day the way the site writes
 * it ("26 Nov 2026") and a time of day ("14:30"), in this browser's own time zone, turned into the
 * ISO times the server takes (docs/product/assistant.md#live-message), and back.
 */
import { parseDay } from '../../../lib/date-format';

export const TIME_PROBLEM = 'Write a time like 14:30.';

/** The composer's When: now, or a start (and maybe an end) as typed. */
export interface Schedule {
  later: boolean;
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
}

/** "14:30" or "9:05" as [hours, minutes], or null. */
export function parseTimeOfDay(text: string): [number, number] | null {
  const match = /^(\d{1,2})[:.](\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? [hours, minutes] : null;
}

/** The local day and time as an ISO time, or null when either is not one. */
export function localIso(dayText: string, timeText: string): string | null {
  const day = parseDay(dayText);
  const time = parseTimeOfDay(timeText);
  if (!day || !time) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, time[0], time[1]).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as this browser's day ('YYYY-MM-DD') and time of day ("14:30"). */
export function localParts(iso: string): { day: string; time: string } {
  const at = new Date(iso);
  return {
    day: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}
