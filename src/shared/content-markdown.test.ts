import { expect, test } from 'vitest';
import privacyPolicySource from '#content/legal/privacy-policy.md?raw';
import termsOfServiceSource from '#content/legal/terms-of-service.md?raw';
import aboutSource from '#content/pages/about.md?raw';
import {
  compileContentMarkdown,
  compileMarkdownPage,
  ContentMarkdownError,
  headingId,
  markdownFile,
  splitMarkdownFile,
} from './content-markdown';

const FILE = 'content/legal/test.md';
const FRONT = '---\nupdated: 2026-11-22\nsummary: What this is.\n---\n';

function compile(body: string, front = FRONT) {
  return compileContentMarkdown(`${front}${body}`, FILE);
}

test('front matter gives the date and the lead; ## headings become sections with anchors', () => {
  const doc = compile(
    'Before the first section.\n\n## Who we are\n\nA **bold** and _calm_ `word`.\n\n## Your rights\n\n- one\n- two\n\n1. first\n',
  );
  expect(doc.updated).toBe('2026-11-22');
  expect(doc.summary).toBe('What this is.');
  expect(doc.intro).toEqual([
    { type: 'paragraph', children: [{ type: 'text', value: 'Before the first section.' }] },
  ]);
  expect(doc.sections.map(({ id, title }) => [id, title])).toEqual([
    ['who-we-are', 'Who we are'],
    ['your-rights', 'Your rights'],
  ]);
  expect(doc.sections[0]?.blocks).toEqual([
    {
      type: 'paragraph',
      children: [
        { type: 'text', value: 'A ' },
        { type: 'strong', children: [{ type: 'text', value: 'bold' }] },
        { type: 'text', value: ' and ' },
        { type: 'emphasis', children: [{ type: 'text', value: 'calm' }] },
        { type: 'text', value: ' ' },
        { type: 'code', value: 'word' },
        { type: 'text', value: '.' },
      ],
    },
  ]);
  expect(doc.sections[1]?.blocks).toEqual([
    {
      type: 'list',
      ordered: false,
      items: [
        [{ type: 'paragraph', children: [{ type: 'text', value: 'one' }] }],
        [{ type: 'paragraph', children: [{ type: 'text', value: 'two' }] }],
      ],
    },
    {
      type: 'list',
      ordered: true,
      items: [[{ type: 'paragraph', children: [{ type: 'text', value: 'first' }] }]],
    },
  ]);
});

test('### headings stay inside their section with their own anchor; repeated titles get -2', () => {
  const doc = compile('## Data\n\n### Accounts\n\nText.\n\n## More\n\n### Accounts\n');
  expect(doc.sections[0]?.blocks[0]).toEqual({
    type: 'subheading',
    id: 'accounts',
    text: 'Accounts',
  });
  expect(doc.sections[1]?.blocks[0]).toEqual({
    type: 'subheading',
    id: 'accounts-2',
    text: 'Accounts',
  });
});

test('heading anchors drop accents and punctuation', () => {
  expect(headingId('Vårt ansvar & dina rättigheter!')).toBe('vart-ansvar-dina-rattigheter');
});

test('placeholders become their own parts; soft line breaks become spaces', () => {
  const doc = compile('## Contact\n\nWrite to {contactEmail} about\n{siteName}.\n');
  expect(doc.sections[0]?.blocks[0]).toEqual({
    type: 'paragraph',
    children: [
      { type: 'text', value: 'Write to ' },
      { type: 'placeholder', name: 'contactEmail' },
      { type: 'text', value: ' about ' },
      { type: 'placeholder', name: 'siteName' },
      { type: 'text', value: '.' },
    ],
  });
});

test('links are sorted into pages of the site, anchors, other sites and addresses', () => {
  const doc = compile(
    '## Links\n\n[terms](/terms-Of-service) [up](#links) [authority](https://www.imy.se/) [mail](mailto:a@example.com) [ref][imy]\n\n[imy]: https://www.imy.se/en/\n',
  );
  const links = doc.sections[0]?.blocks[0];
  expect(links?.type === 'paragraph' && links.children.filter((c) => c.type === 'link')).toEqual([
    {
      type: 'link',
      kind: 'internal',
      href: '/terms-Of-service',
      children: [{ type: 'text', value: 'terms' }],
    },
    { type: 'link', kind: 'anchor', href: '#links', children: [{ type: 'text', value: 'up' }] },
    {
      type: 'link',
      kind: 'external',
      href: 'https://www.imy.se/',
      children: [{ type: 'text', value: 'authority' }],
    },
    {
      type: 'link',
      kind: 'mail',
      href: 'mailto:a@example.com',
      children: [{ type: 'text', value: 'mail' }],
    },
    {
      type: 'link',
      kind: 'external',
      href: 'https://www.imy.se/en/',
      children: [{ type: 'text', value: 'ref' }],
    },
  ]);
});

test.each([
  ['raw HTML', '## A\n\n<script>alert(1)</script>\n', /test\.md:7:1: raw HTML is not allowed/],
  ['inline HTML', '## A\n\nHello <b>there</b>\n', /test\.md:7:7: raw HTML is not allowed/],
  ['an image', '## A\n\n![x](https://example.com/x.png)\n', /image is not supported/],
  ['a code block', '## A\n\n```\ncode\n```\n', /code is not supported/],
  ['a # title', '# Title\n', /test\.md:5:1: the page shows its own title/],
  ['a #### heading', '## A\n\n#### Deep\n', /deeper headings are not used/],
  ['a ### without a section', '### Lonely\n', /needs a ## section above it/],
  ['no section at all', 'Only text.\n', /at least one ## section/],
  [
    'an unknown placeholder',
    '## A\n\nWrite to {contactMail}.\n',
    /unknown placeholder \{contactMail\}/,
  ],
  ['a placeholder in a heading', '## About {siteName}\n', /cannot be used in headings/],
  ['a javascript: link', '## A\n\n[x](javascript:alert(1))\n', /links start with https:\/\//],
  ['a plain http link', '## A\n\n[x](http://example.com)\n', /links start with https:\/\//],
  ['an unknown page', '## A\n\n[x](/no-such-page)\n', /\/no-such-page is not a page of this site/],
  ['an anchor nobody has', '## A\n\n[x](#nowhere)\n', /test\.md:7:1: no heading .* #nowhere/],
])('%s is refused with the file, line and column', (_name, body, message) => {
  expect(() => compile(body)).toThrow(message);
});

test.each([
  ['no front matter', '## A\n', /test\.md:1:1: start the file with front matter/],
  ['a bad date', '---\nupdated: 2026-02-30\nsummary: S.\n---\n## A\n', /updated must be a date/],
  ['no summary', '---\nupdated: 2026-11-22\n---\n## A\n', /summary .* is missing/],
  [
    'an unknown key',
    '---\nupdated: 2026-11-22\nsummary: S.\ntitle: T\n---\n## A\n',
    /:4:1: .*only updated and summary/,
  ],
])('%s in the front matter is refused', (_name, source, message) => {
  expect(() => compileContentMarkdown(source, FILE)).toThrow(message);
});

test.each([
  ['content/legal/privacy-policy.md', privacyPolicySource],
  ['content/legal/terms-of-service.md', termsOfServiceSource],
])('the shipped %s compiles, with a lead and several sections', (file, source) => {
  const doc = compileContentMarkdown(source, file);
  expect(doc.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(doc.summary.length).toBeGreaterThan(20);
  expect(doc.sections.length).toBeGreaterThanOrEqual(5);
});

test('an undated page (content/pages/) takes only a summary: no date, and `updated` is refused', () => {
  const doc = compileContentMarkdown(
    '---\nsummary: Hello.\n---\n## A\n\nText.\n',
    'content/pages/x.md',
    {
      dated: false,
    },
  );
  expect(doc.updated).toBeNull();
  expect(doc.summary).toBe('Hello.');
  expect(() =>
    compileContentMarkdown('---\nupdated: 2026-11-22\nsummary: S.\n---\n## A\n', 'x.md', {
      dated: false,
    }),
  ).toThrow(/x\.md:2:1: the front matter takes only summary/);
});

test('the shipped content/pages/about.md compiles, with its links to the site’s own pages', () => {
  const doc = compileContentMarkdown(aboutSource, 'content/pages/about.md', { dated: false });
  expect(doc.sections.length).toBeGreaterThanOrEqual(4);
  const links = JSON.stringify(doc).match(/"kind":"internal","href":"[^"]+"/g) ?? [];
  expect(links.length).toBeGreaterThanOrEqual(5);
});

test('an error in the text names its field, line and column within the text', () => {
  const page = { updated: null, summary: 'S.', body: '## A\n\nHello <b>there</b>\n' };
  let error: unknown;
  try {
    compileMarkdownPage(page, 'About', { dated: false });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ContentMarkdownError);
  expect((error as ContentMarkdownError).where).toMatchObject({
    field: 'body',
    line: 3,
    column: 7,
  });
  expect((error as ContentMarkdownError).reason).toMatch(/^raw HTML is not allowed/);
  expect(() =>
    compileMarkdownPage({ ...page, summary: 'Hi {siteName}' }, 'About', { dated: false }),
  ).toThrow(expect.objectContaining({ where: expect.objectContaining({ field: 'summary' }) }));
});

test.each([
  ['content/legal/privacy-policy.md', privacyPolicySource, true],
  ['content/legal/terms-of-service.md', termsOfServiceSource, true],
  ['content/pages/about.md', aboutSource, false],
])('%s splits into its fields and is written back byte for byte', (file, source, dated) => {
  const { lineCount, ...page } = splitMarkdownFile(source, file, { dated });
  expect(lineCount).toBeGreaterThan(2);
  expect(markdownFile(page)).toBe(source);
});
