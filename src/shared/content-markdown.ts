/**
 * The owner's Markdown pages (About, the Terms of service, the Privacy policy) read into a
 * MarkdownDocument when they are saved, published or imported (docs/product/desk.md#publishing-the-sites-words),
 * on the server only: the pages ship no Markdown parser. CommonMark is parsed by
 * mdast-util-from-markdown; this file only decides what such a page may contain and turns the tree
 * into plain data. Anything else (raw HTML, images, code blocks, a link to an unknown page, a
 * misspelt {placeholder}) is refused with the line and column.
 */
import type { Nodes, PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { paths } from '#shared/paths';
import {
  MARKDOWN_PLACEHOLDERS,
  type MarkdownBlock,
  type MarkdownDocument,
  type MarkdownInline,
  type MarkdownLinkKind,
  type MarkdownPlaceholder,
  type MarkdownSection,
} from './markdown-document';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;
const HAS_PLACEHOLDER = /\{[A-Za-z][A-Za-z0-9]*\}/;
const SITE_PATHS = new Set<string>(Object.values(paths));

const ALLOWED =
  'Pages in Markdown may use ## and ### headings, paragraphs, lists, block quotes, **bold**, _italic_, `code` and links.';

/**
 * What is wrong and where: the message reads `file:line:column: reason`; `field` is the part of the
 * page it is in (the front matter's `updated` or `summary`, or the `body`), and `line`/`column` count
 * within that field's text when known.
 */
export class ContentMarkdownError extends Error {
  override name = 'ContentMarkdownError';
  constructor(
    readonly reason: string,
    readonly where: {
      file: string;
      field: 'updated' | 'summary' | 'body' | 'frontMatter';
      line?: number;
      column?: number;
      /** Lines before the field in the file, so the message points at the file's own line. */
      lineOffset?: number;
    },
  ) {
    const { file, line, column, lineOffset = 0 } = where;
    super(
      line === undefined
        ? `${file}: ${reason}`
        : `${file}:${line + lineOffset}:${column ?? 1}: ${reason}`,
    );
  }
}

/** A Markdown page as the owner edits it: the front matter's fields and the text below it. */
export interface MarkdownPageSource {
  /** `YYYY-MM-DD`: the "Last updated" date of a dated page (the legal ones); null on the others. */
  updated: string | null;
  /** The lead sentence under the page title. */
  summary: string;
  body: string;
}

/** A heading's anchor: lower case, letters and digits joined by dashes ("Your rights" → your-rights). */
export function headingId(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function isPlaceholder(name: string): name is MarkdownPlaceholder {
  return (MARKDOWN_PLACEHOLDERS as readonly string[]).includes(name);
}

const fail = (
  file: string,
  field: ContentMarkdownError['where']['field'],
  reason: string,
  line?: number,
) =>
  new ContentMarkdownError(reason, {
    file,
    field,
    line,
    column: line === undefined ? undefined : 1,
  });

/** The front matter's fields checked: a real date where one is needed, and a summary. */
function checkFrontMatter(page: MarkdownPageSource, file: string, dated: boolean): void {
  if (dated) {
    const updated = page.updated ?? '';
    const day = new Date(`${updated}T00:00:00Z`);
    if (
      !ISO_DAY.test(updated) ||
      Number.isNaN(day.getTime()) ||
      !day.toISOString().startsWith(updated)
    )
      throw fail(file, 'updated', 'updated must be a date written YYYY-MM-DD');
  } else if (page.updated !== null) {
    throw fail(file, 'updated', 'this page takes no updated date');
  }
  if (!page.summary.trim())
    throw fail(file, 'summary', "summary (the page's lead sentence) is missing");
  if (/[\r\n]/.test(page.summary)) throw fail(file, 'summary', 'summary is one line');
  if (HAS_PLACEHOLDER.test(page.summary))
    throw fail(file, 'summary', 'placeholders such as {siteName} cannot be used in summary');
}

/**
 * A Markdown file's front matter and text, as `content/` holds it. A dated page (the legal ones)
 * must say when it was last updated; the others take only a summary.
 */
export function splitMarkdownFile(
  source: string,
  file: string,
  { dated }: { dated: boolean },
): MarkdownPageSource & { lineCount: number } {
  const keys = dated ? ['updated', 'summary'] : ['summary'];
  const match = FRONT_MATTER.exec(source);
  if (!match) {
    throw fail(
      file,
      'frontMatter',
      `start the file with front matter: a line "---", ${dated ? '"updated: YYYY-MM-DD", ' : ''}"summary: …" and "---"`,
      1,
    );
  }
  const values = new Map<string, string>();
  (match[1] ?? '').split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const separator = line.indexOf(':');
    const key = separator === -1 ? '' : line.slice(0, separator).trim();
    if (!keys.includes(key))
      throw fail(
        file,
        'frontMatter',
        `the front matter takes only ${keys.join(' and ')} ("key: value")`,
        index + 2,
      );
    if (values.has(key)) throw fail(file, 'frontMatter', `${key} is given twice`, index + 2);
    values.set(key, line.slice(separator + 1).trim());
  });
  return {
    updated: dated ? (values.get('updated') ?? '') : null,
    summary: values.get('summary') ?? '',
    body: source.slice(match[0].length),
    lineCount: match[0].split('\n').length - 1,
  };
}

/** The page as a Markdown file with its front matter: what `npm run content -- export` writes. */
export function markdownFile(page: MarkdownPageSource): string {
  const front = [
    '---',
    ...(page.updated === null ? [] : [`updated: ${page.updated}`]),
    `summary: ${page.summary}`,
    '---',
  ];
  return `${front.join('\n')}\n${page.body.startsWith('\n') ? '' : '\n'}${page.body}`;
}

class Compiler {
  private readonly definitions = new Map<string, string>();
  private readonly ids = new Set<string>();
  private readonly anchors: { id: string; node: Nodes }[] = [];

  constructor(
    private readonly file: string,
    private readonly lineOffset: number,
  ) {}

  private error(node: Nodes | null, reason: string): ContentMarkdownError {
    const start = node?.position?.start;
    return new ContentMarkdownError(reason, {
      file: this.file,
      field: 'body',
      line: start?.line,
      column: start?.column,
      lineOffset: this.lineOffset,
    });
  }

  private fail(node: Nodes, message: string): never {
    throw this.error(node, message);
  }

  compile(body: string): Pick<MarkdownDocument, 'intro' | 'sections'> {
    const root = fromMarkdown(body);
    this.collectDefinitions(root);
    const intro: MarkdownBlock[] = [];
    const sections: MarkdownSection[] = [];
    for (const node of root.children) {
      if (node.type === 'heading') {
        const title = this.headingText(node);
        const id = this.claimId(node, title);
        if (node.depth === 2) {
          sections.push({ id, title, blocks: [] });
          continue;
        }
        if (node.depth !== 3) {
          this.fail(
            node,
            node.depth === 1
              ? 'the page shows its own title; start each section with ## instead of #'
              : 'use ## for sections and ### inside them (deeper headings are not used)',
          );
        }
        const section = sections.at(-1);
        if (!section) this.fail(node, 'a ### heading needs a ## section above it');
        section.blocks.push({ type: 'subheading', id, text: title });
        continue;
      }
      const block = this.block(node);
      if (block) (sections.at(-1)?.blocks ?? intro).push(block);
    }
    if (sections.length === 0) throw this.error(null, 'the page needs at least one ## section');
    for (const { id, node } of this.anchors) {
      if (!this.ids.has(id)) this.fail(node, `no heading on this page has the anchor #${id}`);
    }
    return { intro, sections };
  }

  private collectDefinitions(node: Nodes): void {
    if (node.type === 'definition') {
      if (!this.definitions.has(node.identifier)) this.definitions.set(node.identifier, node.url);
      return;
    }
    if ('children' in node) for (const child of node.children) this.collectDefinitions(child);
  }

  private claimId(node: Nodes, title: string): string {
    const base = headingId(title);
    if (!base) this.fail(node, 'a heading needs letters or digits');
    let id = base;
    for (let n = 2; this.ids.has(id); n++) id = `${base}-${n}`;
    this.ids.add(id);
    return id;
  }

  private headingText(heading: Nodes): string {
    const plain = (node: Nodes): string => {
      switch (node.type) {
        case 'text':
        case 'inlineCode':
          return node.value;
        case 'heading':
        case 'emphasis':
        case 'strong':
        case 'link':
        case 'linkReference':
          return node.children.map(plain).join('');
        default:
          return this.fail(node, `a heading holds text only. ${ALLOWED}`);
      }
    };
    const text = plain(heading).replace(/\s+/g, ' ').trim();
    if (HAS_PLACEHOLDER.test(text))
      this.fail(heading, 'placeholders such as {siteName} cannot be used in headings');
    return text;
  }

  private block(node: RootContent): MarkdownBlock | null {
    switch (node.type) {
      case 'definition':
        return null;
      case 'paragraph':
        return { type: 'paragraph', children: this.inlines(node.children, false) };
      case 'list':
        return {
          type: 'list',
          ordered: node.ordered === true,
          items: node.children.map((item) =>
            item.children.flatMap((child) => {
              if (child.type === 'heading') this.fail(child, 'headings cannot sit inside a list');
              return this.block(child) ?? [];
            }),
          ),
        };
      case 'blockquote':
        return {
          type: 'quote',
          children: node.children.flatMap((child) => {
            if (child.type === 'heading') this.fail(child, 'headings cannot sit inside a quote');
            return this.block(child) ?? [];
          }),
        };
      case 'html':
        return this.fail(node, `raw HTML is not allowed. ${ALLOWED}`);
      default:
        return this.fail(node, `${node.type} is not supported. ${ALLOWED}`);
    }
  }

  private inlines(nodes: PhrasingContent[], inLink: boolean): MarkdownInline[] {
    return nodes.flatMap((node) => this.inline(node, inLink));
  }

  private inline(node: PhrasingContent, inLink: boolean): MarkdownInline[] {
    switch (node.type) {
      case 'text':
        return this.text(node, node.value.replace(/\s*\n\s*/g, ' '));
      case 'strong':
        return [{ type: 'strong', children: this.inlines(node.children, inLink) }];
      case 'emphasis':
        return [{ type: 'emphasis', children: this.inlines(node.children, inLink) }];
      case 'inlineCode':
        return [{ type: 'code', value: node.value }];
      case 'break':
        return [{ type: 'break' }];
      case 'link':
      case 'linkReference': {
        if (inLink) this.fail(node, 'a link cannot hold another link');
        const url = node.type === 'link' ? node.url : this.definitions.get(node.identifier);
        if (url === undefined) this.fail(node, 'this link has no definition ([name]: address)');
        return [
          { type: 'link', ...this.link(node, url), children: this.inlines(node.children, true) },
        ];
      }
      case 'html':
        return this.fail(node, `raw HTML is not allowed. ${ALLOWED}`);
      default:
        return this.fail(node, `${node.type} is not supported. ${ALLOWED}`);
    }
  }

  private text(node: Nodes, value: string): MarkdownInline[] {
    const parts: MarkdownInline[] = [];
    let last = 0;
    for (const match of value.matchAll(PLACEHOLDER)) {
      const name = match[1] ?? '';
      if (!isPlaceholder(name)) {
        this.fail(
          node,
          `unknown placeholder {${name}}; known: ${MARKDOWN_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`,
        );
      }
      if (match.index > last) parts.push({ type: 'text', value: value.slice(last, match.index) });
      parts.push({ type: 'placeholder', name });
      last = match.index + match[0].length;
    }
    if (last < value.length) parts.push({ type: 'text', value: value.slice(last) });
    return parts;
  }

  private link(node: Nodes, url: string): { kind: MarkdownLinkKind; href: string } {
    if (url.startsWith('#')) {
      this.anchors.push({ id: url.slice(1), node });
      return { kind: 'anchor', href: url };
    }
    if (/^mailto:[^@\s]+@[^@\s]+$/i.test(url)) return { kind: 'mail', href: url };
    if (/^https:\/\//i.test(url)) {
      if (!URL.canParse(url)) this.fail(node, `${url} is not a valid address`);
      return { kind: 'external', href: url };
    }
    if (url.startsWith('/')) {
      const path = url.split('#')[0] ?? '';
      if (!SITE_PATHS.has(path)) this.fail(node, `${path} is not a page of this site`);
      return { kind: 'internal', href: url };
    }
    return this.fail(
      node,
      `links start with https:// (another site), mailto: (an address), / (a page of this site) or # (a heading on this page), not ${url}`,
    );
  }
}

/** Reads one page as the owner edits it; `file` names it in errors (e.g. content/pages/about.md). */
export function compileMarkdownPage(
  page: MarkdownPageSource,
  file: string,
  { dated, lineOffset = 0 }: { dated: boolean; lineOffset?: number },
): MarkdownDocument {
  checkFrontMatter(page, file, dated);
  return {
    updated: page.updated,
    summary: page.summary,
    ...new Compiler(file, lineOffset).compile(page.body),
  };
}

/** Reads one Markdown file with its front matter (errors name the file's own lines). */
export function compileContentMarkdown(
  source: string,
  file: string,
  { dated = true }: { dated?: boolean } = {},
): MarkdownDocument {
  const { lineCount, ...page } = splitMarkdownFile(source, file, { dated });
  return compileMarkdownPage(page, file, { dated, lineOffset: lineCount });
}
