/**
 * A timeline as an iCalendar file (RFC 5545), pure: one VEVENT per block with times in UTC, text
 * escaped (backslash, semicolon, comma, newline), lines folded at 75 octets, CRLF line ends.
 */

export interface IcsEvent {
  id: string;
  title: string;
  /** ms */
  start: number;
  end: number;
}

export interface IcsCalendar {
  name: string;
  events: readonly IcsEvent[];
  /** The DTSTAMP of every event (when the file was made). */
  now: Date;
}

export const ICS_PRODID = '-//Nowou//Timeline 1.0//EN';
const MAX_OCTETS = 75;

/** TEXT value escaping (RFC 5545 3.3.11). */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** The reverse of escapeText. */
export function unescapeText(text: string): string {
  return text.replace(/\\([\\;,nN])/g, (_, char: string) =>
    char === 'n' || char === 'N' ? '\n' : char,
  );
}

const encoder = new TextEncoder();

/**
 * Folds one content line (RFC 5545 3.1): no line longer than 75 octets, continuation lines starting
 * with a space, and never splitting a UTF-8 character.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1; // the leading space counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** Joins folded lines back (a CRLF followed by one space or tab). */
export function unfoldLines(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYYMMDDTHHMMSSZ' in UTC. */
export function formatUtc(ms: number): string {
  const at = new Date(ms);
  return (
    `${pad(at.getUTCFullYear(), 4)}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T` +
    `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`
  );
}

/** The moment of a 'YYYYMMDDTHHMMSSZ' value, or NaN. */
export function parseUtc(value: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return Number.NaN;
  const [year, month, date, hours, minutes, seconds] = match.slice(1).map(Number) as number[];
  return Date.UTC(year!, month! - 1, date!, hours, minutes, seconds);
}

/** The whole file, CRLF line ends included. */
export function buildIcs({ name, events, now }: IcsCalendar): string {
  const stamp = formatUtc(now.getTime());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${ICS_PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.id}@nowou`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${formatUtc(event.start)}`,
      `DTEND:${formatUtc(event.end)}`,
      `SUMMARY:${escapeText(event.title)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** A file name for the timeline: its name in lower case with dashes, and .ics. */
export function icsFileName(name: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'timeline'}.ics`;
}
