import { expect, test } from 'vitest';
import { paths, type RouteName } from '#shared/paths';
import { documentTitleFor } from './document-title';

const site = {
  siteName: 'Alex Lindqvist',
  tagline: 'Trading tools, art, music and software, made with care.',
};

test('Home is titled with the site name and the tagline', () => {
  expect(documentTitleFor('home', site)).toBe(
    'Alex Lindqvist · Trading tools, art, music and software, made with care.',
  );
});

test('other pages put their route title before the site name', () => {
  expect(documentTitleFor('about', site)).toBe('About · Alex Lindqvist');
  expect(documentTitleFor('longAndShortPosition', site)).toBe(
    'Long & Short Position indicator · Alex Lindqvist',
  );
  expect(documentTitleFor('lokalaJobb', site)).toBe('Lokala jobb · Alex Lindqvist');
});

test('every route has a title ending in the site name', () => {
  for (const route of Object.keys(paths) as RouteName[]) {
    if (route === 'home') continue;
    expect(documentTitleFor(route, site)).toMatch(/ · Alex Lindqvist$/);
  }
});
