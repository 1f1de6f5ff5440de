import { expect, test } from 'vitest';
import siteJson from '#content/site.json';
import { parseSiteContent } from './content-schema';
import { paths, type RouteName } from './paths';
import { documentTitleFor } from './document-title';

const site = parseSiteContent(siteJson);

test('Home is titled with the site name first, then its own title', () => {
  expect(documentTitleFor('home', site)).toBe(`${site.siteName} · ${site.pages.home.title}`);
});

test('a public page puts its title from content/site.json before the site name', () => {
  const edited = {
    ...site,
    pages: { ...site.pages, art: { ...site.pages.art, title: 'Drawings' } },
  };
  expect(documentTitleFor('art', edited)).toBe(`Drawings · ${site.siteName}`);
});

test('a private page keeps its route title', () => {
  expect(documentTitleFor('account', site)).toBe(`Account · ${site.siteName}`);
  expect(documentTitleFor('nowou', site)).toBe(`Nowou · ${site.siteName}`);
});

test("a page that says something else than its route's title gives its own", () => {
  expect(documentTitleFor('newsletterUnsubscribe', site, 'Confirm your subscription')).toBe(
    `Confirm your subscription · ${site.siteName}`,
  );
});

test('every route has a title ending in the site name, and no two public pages share one', () => {
  const titles = new Set<string>();
  for (const route of Object.keys(paths) as RouteName[]) {
    const title = documentTitleFor(route, site);
    if (route !== 'home') expect(title).toMatch(new RegExp(` · ${site.siteName}$`));
    titles.add(title);
  }
  expect(titles.size).toBeGreaterThanOrEqual(Object.keys(paths).length - 1); // /productivity = /nowou
});
