import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parseDonationContent, parseSiteContent, SOCIAL_KINDS } from './content-schema';

const shipped = JSON.parse(readFileSync('content/site.json', 'utf8')) as Record<string, unknown>;

test('the shipped content/site.json is valid and has one social link of each of the ten kinds', () => {
  const content = parseSiteContent(shipped);
  expect(content.socialLinks.map((link) => link.kind).sort()).toEqual([...SOCIAL_KINDS].sort());
});

test('the shipped content/donation.json is valid', () => {
  expect(() =>
    parseDonationContent(JSON.parse(readFileSync('content/donation.json', 'utf8'))),
  ).not.toThrow();
});

test('a bad social link URL is named by file and entry', () => {
  const links = structuredClone(shipped.socialLinks) as { url: string }[];
  links[3]!.url = 'not a url';
  expect(() => parseSiteContent({ ...shipped, socialLinks: links })).toThrow(
    /^content\/site\.json: socialLinks\.3\.url: /,
  );
});

test('plain http social links are refused', () => {
  const links = structuredClone(shipped.socialLinks) as { url: string }[];
  links[0]!.url = 'http://example.com/';
  expect(() => parseSiteContent({ ...shipped, socialLinks: links })).toThrow(
    'content/site.json: socialLinks.0.url: must be an https:// link',
  );
});

test('a kind of social link may appear only once', () => {
  const links = shipped.socialLinks as unknown[];
  expect(() => parseSiteContent({ ...shipped, socialLinks: [...links, links[0]] })).toThrow(
    /socialLinks: each kind of social link may appear once/,
  );
});

test('a missing creator name is named', () => {
  const { creatorName: _omit, ...rest } = shipped;
  expect(() => parseSiteContent(rest)).toThrow(/^content\/site\.json: creatorName: /);
});
