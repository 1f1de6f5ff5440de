import { expect, test } from 'vitest';
import { siteInSentence } from './site-in-sentence';

test("a person's name as the site's name reads as their site", () => {
  expect(siteInSentence('Alex Lindqvist')).toBe("Alex Lindqvist's site");
  expect(`Thanks for signing up at ${siteInSentence('Alex Lindqvist')}.`).toBe(
    "Thanks for signing up at Alex Lindqvist's site.",
  );
});
