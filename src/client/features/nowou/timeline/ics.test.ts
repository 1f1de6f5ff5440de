import { describe, expect, test } from 'vitest';
import {
  ICS_PRODID,
  buildIcs,
  escapeText,
  foldLine,
  formatUtc,
  icsFileName,
  parseUtc,
  unescapeText,
  unfoldLines,
} from './ics';

const octets = (text: string) => new TextEncoder().encode(text).length;

describe('escapeText', () => {
  test('escapes backslash, semicolon, comma and newlines, and reads back', () => {
    const text = 'a\\b;c,d\ne\r\nf';
    expect(escapeText(text)).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(unescapeText(escapeText(text))).toBe('a\\b;c,d\ne\nf');
  });

  test('leaves colons and plain text alone', () => {
    expect(escapeText('Call: Ada')).toBe('Call: Ada');
  });
});

describe('foldLine', () => {
  test('keeps a line of 75 octets whole', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  test('folds longer lines at 75 octets with a leading space', () => {
    const line = `SUMMARY:${'x'.repeat(200)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    expect(octets(parts[0]!)).toBe(75);
    for (const part of parts.slice(1)) {
      expect(part.startsWith(' ')).toBe(true);
      expect(octets(part)).toBeLessThanOrEqual(75);
    }
    expect(unfoldLines(folded)).toEqual([line]);
  });

  test('never splits a multi-byte character', () => {
    const line = `SUMMARY:${'é☕😀'.repeat(40)}`;
    const parts = foldLine(line).split('\r\n');
    for (const part of parts) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      expect(part).not.toContain('\uFFFD');
      expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(part))).toBe(
        part,
      );
    }
    expect(unfoldLines(parts.join('\r\n'))).toEqual([line]);
  });
});

describe('UTC times', () => {
  test('format as YYYYMMDDTHHMMSSZ and round-trip', () => {
    const at = Date.parse('2026-03-29T01:30:00+01:00');
    expect(formatUtc(at)).toBe('20260329T003000Z');
    expect(parseUtc(formatUtc(at))).toBe(at);
    expect(parseUtc('2026-03-29')).toBeNaN();
  });
});

describe('buildIcs', () => {
  const now = new Date('2026-05-04T08:00:00Z');
  const start = Date.parse('2026-05-04T10:00:00+02:00');
  const end = Date.parse('2026-05-04T11:30:00+02:00');
  const ics = buildIcs({
    name: 'Work, mostly',
    events: [{ id: 'abc-1', title: 'Plan; review, ship\\done\nthen rest', start, end }],
    now,
  });

  test('is a calendar with CRLF lines and one event per block', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfoldLines(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain(`PRODID:${ICS_PRODID}`);
    expect(lines).toContain('X-WR-CALNAME:Work\\, mostly');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toContain('UID:abc-1@nowou');
    expect(lines).toContain('DTSTAMP:20260504T080000Z');
    expect(lines).toContain('SUMMARY:Plan\\; review\\, ship\\\\done\\nthen rest');
  });

  test('round-trips the times through UTC', () => {
    const lines = unfoldLines(ics);
    const value = (name: string) =>
      lines.find((line) => line.startsWith(`${name}:`))!.split(':')[1]!;
    expect(value('DTSTART')).toBe('20260504T080000Z');
    expect(parseUtc(value('DTSTART'))).toBe(start);
    expect(parseUtc(value('DTEND'))).toBe(end);
    expect(unescapeText(lines.find((l) => l.startsWith('SUMMARY:'))!.slice(8))).toBe(
      'Plan; review, ship\\done\nthen rest',
    );
  });

  test('folds a long title and every line stays within 75 octets', () => {
    const long = buildIcs({
      name: 'T',
      events: [{ id: 'x', title: 'Très long titre '.repeat(20), start, end }],
      now,
    });
    for (const line of long.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(unfoldLines(long).find((l) => l.startsWith('SUMMARY:'))).toBe(
      `SUMMARY:${'Très long titre '.repeat(20)}`,
    );
  });

  test('an empty timeline is still a valid calendar', () => {
    expect(unfoldLines(buildIcs({ name: 'Empty', events: [], now }))).not.toContain('BEGIN:VEVENT');
  });
});

test('icsFileName', () => {
  expect(icsFileName('My timeline')).toBe('my-timeline.ics');
  expect(icsFileName('  ***  ')).toBe('timeline.ics');
});
