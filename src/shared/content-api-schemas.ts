/**
 * The calls of the site's words (docs/product/desk.md#publishing-the-sites-words): GET /api/content for
 * the pages, and the desk's /api/admin/content routes for drafts, checks, publishing, history and
 * preview.
 */
import { z } from 'zod';
import { CONTENT_KEYS, type ContentKey } from './content-parts';

const contentKey = z.enum(CONTENT_KEYS as unknown as [ContentKey, ...ContentKey[]]);

/** GET /api/content?parts=site,about */
export const contentQuerySchema = z.strictObject({
  parts: z
    .string()
    .max(200)
    .transform((list) => [...new Set(list.split(',').filter(Boolean))])
    .pipe(z.array(contentKey).min(1)),
});

export const contentKeyParamsSchema = z.strictObject({ key: contentKey });
export const revisionParamsSchema = z.strictObject({
  key: contentKey,
  revision: z.coerce.number().int().min(1).max(1_000_000_000),
});

/** The longest document a draft may hold, as JSON (About is about 8 KB). */
export const CONTENT_BODY_LIMIT_BYTES = 512 * 1024;

const value = z.record(z.string(), z.unknown());

/** PUT …/:key/draft and POST …/:key/publish: the text and the revision it was started from. */
export const contentDraftBodySchema = z.strictObject({
  baseRevision: z.number().int().min(0),
  value,
});

/** POST …/:key/revisions/:revision/restore */
export const restoreBodySchema = z.strictObject({ baseRevision: z.number().int().min(0) });

const who = z.object({ id: z.string().nullable(), name: z.string() }).nullable();

export const contentIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
});

export const revisionSummarySchema = z.object({
  revision: z.number().int(),
  publishedAt: z.string(),
  /** Who published it; null for the words the site first took from its `content/` folder. */
  publishedBy: who,
  /** How it came: published from the desk, restored from an earlier revision, or imported. */
  source: z.enum(['shipped', 'desk', 'restore', 'import']),
  /** The revision it restored, when it did. */
  restoredFrom: z.number().int().nullable(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

export const draftSchema = z.object({
  baseRevision: z.number().int(),
  value,
  updatedAt: z.string(),
  /** What the checks found in it (empty when it could be published as it is). */
  issues: z.array(contentIssueSchema),
});

/** GET /api/admin/content */
export const contentListSchema = z.object({
  version: z.number().int(),
  documents: z.array(
    z.object({
      key: contentKey,
      published: revisionSummarySchema,
      /** The asking admin's own draft, if any. */
      draft: z.object({ baseRevision: z.number().int(), updatedAt: z.string() }).nullable(),
      /** Other admins with a draft of it. */
      otherDrafts: z.array(z.object({ name: z.string(), updatedAt: z.string() })),
    }),
  ),
});
export type ContentList = z.infer<typeof contentListSchema>;

/** GET /api/admin/content/:key */
export const contentDocumentSchema = z.object({
  key: contentKey,
  published: revisionSummarySchema.extend({ value }),
  draft: draftSchema.nullable(),
});
export type ContentDocument = z.infer<typeof contentDocumentSchema>;

/** PUT …/:key/draft */
export const savedDraftSchema = z.object({ draft: draftSchema });

/** POST …/:key/publish and …/restore */
export const publishedSchema = z.object({
  published: revisionSummarySchema,
  /** The site's content version, which every instance serves within a second. */
  version: z.number().int(),
});

/** 400 of POST …/:key/publish: the envelope and every problem. */
export const publishRefusedSchema = z.object({
  error: z.object({ status: z.literal('invalid-argument'), message: z.string() }),
  issues: z.array(contentIssueSchema),
});

/** GET …/:key/revisions */
export const revisionListSchema = z.object({ revisions: z.array(revisionSummarySchema) });

/** GET …/:key/revisions/:revision */
export const revisionSchema = z.object({ revision: revisionSummarySchema.extend({ value }) });

/** GET /api/admin/content/preview/:page?theme=dark: the page with the admin's drafts. */
export const previewQuerySchema = z.strictObject({
  theme: z.enum(['light', 'dark']).default('light'),
});
