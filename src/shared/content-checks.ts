/**
 * The checks a document of the site's words passes before it is published or imported
 * (docs/product/desk.md#publishing-the-sites-words): the same schemas the build used to apply to
 * `content/`, every problem reported with where it is (a field's path, and the line and column in
 * a Markdown text), so the desk shows each beside its field. The server runs them; the desk only
 * shows what they found.
 */
import { z } from 'zod';
import {
  compileMarkdownPage,
  ContentMarkdownError,
  type MarkdownPageSource,
} from './content-markdown';
import { CONTENT_DOCUMENTS } from './content-documents';
import {
  isMarkdownKey,
  type ContentKey,
  type ContentParts,
  type ContentValues,
} from './content-parts';
import {
  artContentSchema,
  donationContentSchema,
  musicContentSchema,
  siteContentSchema,
} from './content-schema';
import { indicatorPlansSchema } from './indicator-plans';
import { lokalaJobbContentSchema } from './lokala-jobb-content';
import type { MarkdownDocument } from './markdown-document';

export const CONTENT_MESSAGES = {
  unknownDocument: 'There is no such page or block.',
  unknownRevision: 'There is no such revision.',
  notAnObject: 'The text could not be read. Reload the page and try again.',
  hasProblems: 'Fix the marked problems first: nothing was published.',
  staleBase:
    'Someone else published this in the meantime. Your draft is kept: look at their change below, then publish again.',
  filesFixed: 'Only the words can change here; images and audio files stay as they are.',
  unknownFile: 'is not a file this site has',
  noPreview: 'The preview needs the built site (npm run build).',
} as const;

/** One problem: where it is (a field's path such as `socialLinks.3.url`, or `body`) and what. */
export interface ContentIssue {
  path: string;
  message: string;
  /** In a Markdown text: the line and column, counted within the field. */
  line?: number;
  column?: number;
}

/** The Markdown pages' fields; the text itself is checked by the Markdown reader. */
const markdownPageSchema = z.strictObject({
  updated: z.string().max(10).nullable(),
  summary: z.string().max(400),
  body: z.string().max(100_000),
});

const SCHEMAS: Record<ContentKey, () => z.ZodType> = {
  site: () => siteContentSchema,
  about: () => markdownPageSchema,
  indicators: indicatorPlansSchema,
  lokalaJobb: lokalaJobbContentSchema,
  art: () => artContentSchema,
  music: () => musicContentSchema,
  donation: () => donationContentSchema,
  termsOfService: () => markdownPageSchema,
  privacyPolicy: () => markdownPageSchema,
};

/** The schema a document's value must pass (the desk builds its form from it). */
export function contentSchemaOf(key: ContentKey): z.ZodType {
  return SCHEMAS[key]();
}

/** The fields of an artwork or a track that name or measure its file: not the owner's words. */
export const FILE_FIELDS = {
  art: { list: 'artworks', fields: ['image', 'width', 'height', 'variants'] },
  music: { list: 'tracks', fields: ['file', 'duration'] },
} as const;

export interface CheckContext {
  /**
   * The published value: artworks and tracks keep its files (only their words change until
   * uploads come), in the same order.
   */
  published?: unknown;
  /** The files (relative to a content folder, e.g. `art/dawn.svg`) an entry may name. */
  knownFiles?: ReadonlySet<string>;
}

export type CheckResult<K extends ContentKey> =
  | { ok: true; value: ContentValues[K]; part: ContentParts[K] }
  | { ok: false; issues: ContentIssue[] };

function pathOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

function markdownIssue(error: ContentMarkdownError): ContentIssue {
  const { field, line, column } = error.where;
  return {
    path: field === 'frontMatter' ? 'summary' : field,
    message: error.reason,
    ...(field === 'body' && line !== undefined ? { line, column: column ?? 1 } : {}),
  };
}

function fileIssues(key: 'art' | 'music', value: unknown, context: CheckContext): ContentIssue[] {
  const { list, fields } = FILE_FIELDS[key];
  const entries = (value as Record<string, unknown[]>)[list] ?? [];
  const issues: ContentIssue[] = [];
  if (context.published !== undefined) {
    const before = (context.published as Record<string, unknown[]>)[list] ?? [];
    const fixed = (entry: unknown) =>
      JSON.stringify(fields.map((field) => (entry as Record<string, unknown>)[field] ?? null));
    if (
      before.length !== entries.length ||
      before.some((entry, i) => fixed(entry) !== fixed(entries[i]))
    )
      issues.push({ path: list, message: CONTENT_MESSAGES.filesFixed });
  }
  if (context.knownFiles) {
    entries.forEach((entry, i) => {
      const record = entry as Record<string, unknown>;
      const named = [
        record.image ?? record.file,
        ...((record.variants as { image: unknown }[] | undefined) ?? []).map((v) => v.image),
      ];
      for (const file of named)
        if (typeof file === 'string' && !context.knownFiles!.has(file))
          issues.push({
            path: `${list}.${i}.${key === 'art' ? 'image' : 'file'}`,
            message: `${file} ${CONTENT_MESSAGES.unknownFile}`,
          });
    });
  }
  return issues;
}

/**
 * Checks a document: every problem the schema finds (not only the first), then, for a Markdown
 * page, the first problem of its text. On success, the value as stored and as the pages read it.
 */
export function checkContent<K extends ContentKey>(
  key: K,
  value: unknown,
  context: CheckContext = {},
): CheckResult<K> {
  const parsed = SCHEMAS[key]().safeParse(value);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({
        path: pathOf(issue.path),
        message: issue.message,
      })),
    };
  }
  if (key === 'art' || key === 'music') {
    const issues = fileIssues(key, parsed.data, context);
    if (issues.length > 0) return { ok: false, issues };
  }
  if (isMarkdownKey(key)) {
    const page = parsed.data as MarkdownPageSource;
    try {
      const part = compileMarkdownPage(page, CONTENT_DOCUMENTS[key].title, {
        dated: CONTENT_DOCUMENTS[key].markdown?.dated ?? false,
      });
      return {
        ok: true,
        value: page as ContentValues[K],
        part: part satisfies MarkdownDocument as ContentParts[K],
      };
    } catch (error) {
      if (error instanceof ContentMarkdownError)
        return { ok: false, issues: [markdownIssue(error)] };
      throw error;
    }
  }
  return {
    ok: true,
    value: parsed.data as ContentValues[K],
    part: parsed.data as ContentParts[K],
  };
}
