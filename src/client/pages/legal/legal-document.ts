/**
 * A legal page as the build hands it to the browser: the owner's Markdown in content/legal/ read at
 * build time (legal-markdown.ts) into plain data, so the page ships no Markdown parser and never
 * renders HTML from a string. React renders every text as text.
 */

/** Names the owner may write in braces, e.g. {contactEmail}; filled in from content/site.json. */
export const LEGAL_PLACEHOLDERS = ['contactEmail', 'siteName', 'creatorName'] as const;
export type LegalPlaceholder = (typeof LEGAL_PLACEHOLDERS)[number];

/**
 * Where a link goes: a page of this site (`to` is one of `paths`, maybe with a #part), a heading on
 * the same page, another site (through the leave-site question) or an e-mail address.
 */
export type LegalLinkKind = 'internal' | 'anchor' | 'external' | 'mail';

export type LegalInline =
  | { type: 'text'; value: string }
  | { type: 'placeholder'; name: LegalPlaceholder }
  | { type: 'strong'; children: LegalInline[] }
  | { type: 'emphasis'; children: LegalInline[] }
  | { type: 'code'; value: string }
  | { type: 'link'; kind: LegalLinkKind; href: string; children: LegalInline[] }
  | { type: 'break' };

export type LegalBlock =
  | { type: 'paragraph'; children: LegalInline[] }
  | { type: 'list'; ordered: boolean; items: LegalBlock[][] }
  /** A `###` heading inside a section. */
  | { type: 'subheading'; id: string; text: string }
  | { type: 'quote'; children: LegalBlock[] };

/** One `##` heading and what follows it up to the next; the table of contents lists these. */
export interface LegalSection {
  id: string;
  title: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  /** `YYYY-MM-DD`, from the front matter's `updated`. */
  updated: string;
  /** The lead under the page title, from the front matter's `summary`. */
  summary: string;
  /** Paragraphs before the first `##` heading. */
  intro: LegalBlock[];
  sections: LegalSection[];
}
