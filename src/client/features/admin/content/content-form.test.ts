import { expect, test } from 'vitest';
import artJson from '#content/art.json';
import indicatorsJson from '#content/indicators.json';
import musicJson from '#content/music.json';
import siteJson from '#content/site.json';
import { z } from 'zod';
import { checkContent, contentSchemaOf } from '#shared/content-checks';
import type { ContentKey } from '#shared/content-parts';
import {
  buildForm,
  changeList,
  getAt,
  numberFromText,
  pathsOf,
  placeIssues,
  setAt,
  type FormNode,
  type JsonSchema,
} from './content-form';
import { humanizeKey, itemLabel, pathLabel } from './content-labels';

const SHIPPED: Record<string, unknown> = {
  'site.json': siteJson,
  'art.json': artJson,
  'music.json': musicJson,
  'indicators.json': indicatorsJson,
};

/** A copy of a shipped document, as the desk would load it. */
function shipped(file: string): unknown {
  return structuredClone(SHIPPED[file]);
}

function formOf(key: ContentKey, value: unknown): FormNode {
  const schema = z.toJSONSchema(contentSchemaOf(key), { io: 'input', unrepresentable: 'any' });
  return buildForm(key, schema as JsonSchema, value);
}

function find(node: FormNode, path: string): FormNode | undefined {
  if (node.path === path) return node;
  const children =
    node.kind === 'group'
      ? node.children
      : node.kind === 'list'
        ? node.entries.map((e) => e.node)
        : [];
  for (const child of children) {
    const found = find(child, path);
    if (found) return found;
  }
  return undefined;
}

test('keys read as words, entries by their number and name, paths as the way to the field', () => {
  expect(humanizeKey('crowdFundingUrl')).toBe('Crowd funding link');
  expect(humanizeKey('walletAddresses')).toBe('Wallet addresses');
  expect(itemLabel('plans', 1, { name: 'Yearly' })).toBe('Plan 2: Yearly');
  expect(itemLabel('socialLinks', 0, { label: 'YouTube' })).toBe('Social link 1: YouTube');
  expect(itemLabel('includes', 2, 'x')).toBe('Line 3');
  const site = shipped('site.json');
  expect(pathLabel(site, 'socialLinks.3.url')).toBe('Social links › Social link 4: GitHub › Link');
  expect(pathLabel(site, 'pages.termsOfService.description')).toBe(
    'Pages › Terms of service › Description',
  );
  expect(pathLabel(site, '')).toBe('The whole document');
});

test('the site form: texts, an email field, a list of social links with a choice of kind', () => {
  const site = shipped('site.json');
  const form = formOf('site', site);
  expect(find(form, 'tagline')).toMatchObject({ kind: 'text', label: 'Tagline', maxLength: 160 });
  expect(find(form, 'description')).toMatchObject({ kind: 'text', multiline: true });
  expect(find(form, 'contact.email')).toMatchObject({ kind: 'text', inputType: 'email' });
  const links = find(form, 'socialLinks');
  expect(links).toMatchObject({ kind: 'list', itemName: 'Social link', canAdd: true });
  expect(links?.kind === 'list' && links.entries).toHaveLength(10);
  expect(find(form, 'socialLinks.0.kind')).toMatchObject({
    kind: 'choice',
    options: expect.arrayContaining([{ value: 'shortPost', label: 'Short post' }]),
  });
  expect(find(form, 'socialLinks.0.url')).toMatchObject({ inputType: 'url', label: 'Link' });
  expect(find(form, 'pages.about')).toMatchObject({ kind: 'group', label: 'About' });
  expect(find(form, 'pages.about.description')?.hint).toMatch(/search results/);
});

test('indicator plans: days may be empty (lifetime), featured is a checkbox even where absent, at most 6 plans', () => {
  const plans = shipped('indicators.json');
  const form = formOf('indicators', plans);
  expect(find(form, 'plans.2.days')).toMatchObject({
    kind: 'number',
    nullable: true,
    integer: true,
  });
  expect(find(form, 'plans.0.featured')).toMatchObject({ kind: 'checkbox' });
  const list = find(form, 'plans');
  expect(list).toMatchObject({ canAdd: true, canRemove: true, canMove: true });
  // A new plan has every required field, empty, for the checks to point at.
  expect(list?.kind === 'list' && list.template).toEqual({
    name: '',
    price: '',
    period: '',
    days: null,
    description: '',
  });
  const six = changeList(
    changeList(changeList(plans, 'plans', { add: {} }), 'plans', { add: {} }),
    'plans',
    { add: {} },
  );
  expect(formOf('indicators', six)).toSatisfy((f: FormNode) => {
    const l = find(f, 'plans');
    return l?.kind === 'list' && !l.canAdd;
  });
});

test('art and music show only their words, and their lists keep every entry', () => {
  const art = formOf('art', shipped('art.json'));
  expect(find(art, 'artworks.0.title')).toBeDefined();
  expect(find(art, 'artworks.0.alt')).toMatchObject({ label: 'Alt text' });
  expect(find(art, 'artworks.0.year')).toMatchObject({ kind: 'number' });
  expect(find(art, 'artworks.0.image')).toBeUndefined();
  expect(find(art, 'artworks.0.width')).toBeUndefined();
  expect(find(art, 'artworks')).toMatchObject({ canAdd: false, canRemove: false, canMove: false });
  const music = formOf('music', shipped('music.json'));
  expect(find(music, 'tracks.1.description')).toBeDefined();
  expect(find(music, 'tracks.1.file')).toBeUndefined();
  expect(find(music, 'tracks.1.duration')).toBeUndefined();
});

test('values change by path without touching the original', () => {
  const value = { a: { list: [{ x: 1 }, { x: 2 }] }, flag: true };
  const set = setAt(value, 'a.list.1.x', 5);
  expect(getAt(set, 'a.list.1.x')).toBe(5);
  expect(value.a.list[1]!.x).toBe(2);
  expect(setAt(value, 'flag', undefined)).toEqual({ a: value.a });
  expect(changeList(value, 'a.list', { move: 0, by: 1 }).a.list).toEqual([{ x: 2 }, { x: 1 }]);
  expect(changeList(value, 'a.list', { remove: 0 }).a.list).toEqual([{ x: 2 }]);
  expect(changeList(value, 'a.list', { move: 1, by: 1 }).a.list).toEqual(value.a.list);
  expect(numberFromText('', true)).toBeNull();
  expect(numberFromText('', false)).toBe('');
  expect(numberFromText(' 12,5 ', false)).toBe(12.5);
  expect(numberFromText('12x', false)).toBe('12x');
});

test('every problem the checks find lands beside a field the form shows, or above the form', () => {
  const site = shipped('site.json') as Record<string, unknown>;
  const links = site.socialLinks as { url: string }[];
  const bad = setAt(setAt(site, 'socialLinks.3.url', 'http://example.com/'), 'tagline', '');
  const checked = checkContent('site', bad);
  expect(checked.ok).toBe(false);
  const issues = checked.ok ? [] : checked.issues;
  const { byPath, elsewhere } = placeIssues(issues, pathsOf(formOf('site', bad)));
  expect(byPath.get('socialLinks.3.url')?.[0]?.message).toBe('must be an https:// link');
  expect(byPath.get('tagline')).toHaveLength(1);
  expect(elsewhere).toEqual([]);
  expect(links[3]!.url).toMatch(/^https:/);

  // A file field is not shown: its problem is listed above the form.
  const art = shipped('art.json');
  const moved = setAt(art, 'artworks.0.image', 'art/elsewhere.svg');
  const artChecked = checkContent('art', moved, { published: art });
  const placed = placeIssues(artChecked.ok ? [] : artChecked.issues, pathsOf(formOf('art', moved)));
  expect(placed.byPath.get('artworks')?.[0]?.message).toMatch(/Only the words can change/);
});
