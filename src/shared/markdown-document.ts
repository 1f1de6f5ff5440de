/**
 * A page of the owner's text as the server hands it to the browser: the Markdown of About, the
 * Terms of service or the Privacy policy read on the server (content-markdown.ts) into plain data,
 * so the page ships no Markdown parser and never renders HTML from a string. React renders every
 * text as text (src/client/pages/markdown/MarkdownBlocks.tsx).
 */

/** Names the owner may write in braces, e.g. {contactEmail}; filled in from the site's own words. */
export const MARKDOWN_PLACEHOLDERS = ['contactEmail', 'siteName', 'creatorName'] as const;
export type MarkdownPlaceholder = (typeof MARKDOWN_PLACEHOLDERS)[number];

/**
 * Where a link goes: a page of this site (`to` is one of `paths`, maybe with a #part), a heading on
 * the same page, another site (through the leave-site question) or an email address.
 */
export type MarkdownLinkKind = 'internal' | 'anchor' | 'external' | 'mail';

export type MarkdownInline =
  | { type: 'text'; value: string }
  | { type: 'placeholder'; name: MarkdownPlaceholder }
  | { type: 'strong'; children: MarkdownInline[] }
  | { type: 'emphasis'; children: MarkdownInline[] }
  | { type: 'code'; value: string }
  | { type: 'link'; kind: MarkdownLinkKind; href: string; children: MarkdownInline[] }
  | { type: 'break' };

export type MarkdownBlock =
  | { type: 'paragraph'; children: MarkdownInline[] }
  | { type: 'list'; ordered: boolean; items: MarkdownBlock[][] }
  /** A `###` heading inside a section. */
  | { type: 'subheading'; id: string; text: string }
  | { type: 'quote'; children: MarkdownBlock[] };

/** One `##` heading and what follows it up to the next; the table of contents lists these. */
export interface MarkdownSection {
  id: string;
  title: string;
  blocks: MarkdownBlock[];
}

export interface MarkdownDocument {
  /** `YYYY-MM-DD`, from the front matter's `updated`; null on an undated page (content/pages/). */
  updated: string | null;
  /** The lead under the page title, from the front matter's `summary`. */
  summary: string;
  /** Paragraphs before the first `##` heading. */
  intro: MarkdownBlock[];
  sections: MarkdownSection[];
}
