/**
 * The site's words over HTTP (docs/product/desk.md#publishing-the-sites-words). GET /api/content gives a
 * page the parts it reads. The desk's routes (an admin whose session entered a code): the list of
 * documents with their state, one document with the admin's draft, saving and discarding a draft
 * (each save answers what the checks found), publishing (refused with every problem, or with 409
 * when someone published since the draft's base), the revisions and restoring one, and a preview
 * of any public page with the admin's drafts in place. Publishing and restoring are in the audit
 * log; every instance serves a publish within a second (content-runtime.ts).
 */
import { errorEnvelopeSchema } from '#shared/api-errors';
import {
  CONTENT_BODY_LIMIT_BYTES,
  contentDocumentSchema,
  contentDraftBodySchema,
  contentKeyParamsSchema,
  contentListSchema,
  contentQuerySchema,
  previewQuerySchema,
  publishedSchema,
  publishRefusedSchema,
  restoreBodySchema,
  revisionListSchema,
  revisionParamsSchema,
  revisionSchema,
  savedDraftSchema,
} from '#shared/content-api-schemas';
import { checkContent, CONTENT_MESSAGES } from '#shared/content-checks';
import {
  CONTENT_KEYS,
  type ContentKey,
  type ContentParts,
  type ContentPayload,
} from '#shared/content-parts';
import { PUBLIC_PAGES } from '#shared/public-pages';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '#server/app-types';
import { describeAuditedAction } from '#server/features/audit/audit.service';
import { ApiError } from '#server/plugins/errors';
import { requireAdmin, signedInUser } from '#server/plugins/guards';
import { inlineStyleHashes } from '#server/plugins/prerendered-pages';
import {
  deleteDraft,
  listDrafts,
  listRevisions,
  readDraft,
  readDraftsOf,
  readRevision,
  saveDraft,
  type StoredDraft,
} from './content.repository';
import { publishDocument, type PublishOutcome } from './publishing';

const ADMIN = '/api/admin/content';
const HISTORY_LIMIT = 100;

export async function contentRoutes(app: App): Promise<void> {
  app.metrics?.gauge(
    'site_content_render_seconds',
    'How long the last render of the pages a publish changed took (in the renderer thread)',
    () => (app.content.lastRender?.ms ?? 0) / 1000,
  );
  app.metrics?.gauge(
    'site_content_render_pages',
    'How many public pages the last render after a publish made',
    () => app.content.lastRender?.pages ?? 0,
  );
  app.metrics?.gauge(
    'site_content_version',
    'The content version this instance serves',
    () => app.content.published().version,
  );
  app.get(
    '/api/content',
    { schema: { querystring: contentQuerySchema } },
    async (request, reply) => {
      const content = app.content.published();
      const payload: ContentPayload = {
        version: content.version,
        parts: Object.fromEntries(
          request.query.parts.map((key) => [key, content.parts[key]]),
        ) as Partial<ContentParts>,
      };
      // The words change only with a publish: the version names them.
      const etag = `"v${content.version}-${request.query.parts.join('.')}"`;
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return payload;
    },
  );

  /** What the checks find in a draft, against the published revision (whose files it keeps). */
  async function issuesOf(key: ContentKey, draft: StoredDraft) {
    const published = app.content.published();
    const checked = checkContent(key, draft.value, { published: published.values[key] });
    return checked.ok ? [] : checked.issues;
  }

  app.get(
    ADMIN,
    { onRequest: [requireAdmin], schema: { response: { 200: contentListSchema } } },
    async (request) => {
      const user = await signedInUser(request);
      const content = app.content.published();
      const drafts = await listDrafts(app.db);
      return {
        version: content.version,
        documents: CONTENT_KEYS.map((key) => {
          const mine = drafts.find((d) => d.key === key && d.userId === user.id);
          return {
            key,
            published: content.revisions[key],
            draft: mine ? { baseRevision: mine.baseRevision, updatedAt: mine.updatedAt } : null,
            otherDrafts: drafts
              .filter((d) => d.key === key && d.userId !== user.id)
              .map((d) => ({ name: d.username, updatedAt: d.updatedAt })),
          };
        }),
      };
    },
  );

  app.get(
    `${ADMIN}/:key`,
    {
      onRequest: [requireAdmin],
      schema: { params: contentKeyParamsSchema, response: { 200: contentDocumentSchema } },
    },
    async (request) => {
      const user = await signedInUser(request);
      const { key } = request.params;
      const content = app.content.published();
      const draft = await readDraft(app.db, key, user.id);
      return {
        key,
        published: {
          ...content.revisions[key],
          value: content.values[key] as unknown as Record<string, unknown>,
        },
        draft: draft ? { ...draft, issues: await issuesOf(key, draft) } : null,
      };
    },
  );

  app.put(
    `${ADMIN}/:key/draft`,
    {
      onRequest: [requireAdmin],
      bodyLimit: CONTENT_BODY_LIMIT_BYTES,
      // Saved as the owner types: the publish is what the audit log records.
      config: { audit: false },
      schema: {
        params: contentKeyParamsSchema,
        body: contentDraftBodySchema,
        response: { 200: savedDraftSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const { key } = request.params;
      const draft = await saveDraft(app.db, key, user.id, request.body, new Date());
      return { draft: { ...draft, issues: await issuesOf(key, draft) } };
    },
  );

  app.delete(
    `${ADMIN}/:key/draft`,
    {
      onRequest: [requireAdmin],
      config: { audit: 'content.discard' },
      schema: { params: contentKeyParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      await deleteDraft(app.db, request.params.key, user.id);
      describeAuditedAction(request, { targetId: null, details: { document: request.params.key } });
      return reply.code(204).send(null);
    },
  );

  /** A publish's answer: 200 and the version every instance serves, 400 with the problems, or 409. */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    key: ContentKey,
    outcome: PublishOutcome,
    details: Record<string, unknown>,
  ) {
    if (outcome.kind === 'refused') {
      describeAuditedAction(request, { targetId: null, details: { document: key, ...details } });
      return reply.code(400).send({
        error: { status: 'invalid-argument', message: CONTENT_MESSAGES.hasProblems },
        issues: outcome.issues,
      });
    }
    if (outcome.kind === 'stale') {
      describeAuditedAction(request, {
        targetId: null,
        details: { document: key, ...details, current: outcome.current.revision },
      });
      throw new ApiError('aborted', CONTENT_MESSAGES.staleBase);
    }
    describeAuditedAction(request, {
      targetId: null,
      details: { document: key, ...details, revision: outcome.published.revision },
    });
    // Every instance hears of it; this one answers once it serves the new pages itself.
    await app.live.publish({ kind: 'content', version: outcome.version });
    await app.content.serveNewest();
    return { published: outcome.published, version: outcome.version };
  }

  app.post(
    `${ADMIN}/:key/publish`,
    {
      onRequest: [requireAdmin],
      bodyLimit: CONTENT_BODY_LIMIT_BYTES,
      config: { audit: 'content.publish' },
      schema: {
        params: contentKeyParamsSchema,
        body: contentDraftBodySchema,
        response: { 200: publishedSchema, 400: publishRefusedSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { key } = request.params;
      const { baseRevision, value } = request.body;
      const outcome = await publishDocument(app.db, {
        key,
        value,
        baseRevision,
        by: { id: user.id, name: user.username },
        source: 'desk',
      });
      if (outcome.kind === 'published') await deleteDraft(app.db, key, user.id);
      return answer(request, reply, key, outcome, { baseRevision });
    },
  );

  app.get(
    `${ADMIN}/:key/revisions`,
    {
      onRequest: [requireAdmin],
      schema: { params: contentKeyParamsSchema, response: { 200: revisionListSchema } },
    },
    async (request) => ({
      revisions: await listRevisions(app.db, request.params.key, HISTORY_LIMIT),
    }),
  );

  app.get(
    `${ADMIN}/:key/revisions/:revision`,
    {
      onRequest: [requireAdmin],
      schema: { params: revisionParamsSchema, response: { 200: revisionSchema } },
    },
    async (request) => {
      const found = await readRevision(app.db, request.params.key, request.params.revision);
      if (!found) throw new ApiError('not-found', CONTENT_MESSAGES.unknownRevision);
      const { key: _key, ...revision } = found;
      return { revision };
    },
  );

  app.post(
    `${ADMIN}/:key/revisions/:revision/restore`,
    {
      onRequest: [requireAdmin],
      config: { audit: 'content.restore' },
      schema: {
        params: revisionParamsSchema,
        body: restoreBodySchema,
        response: { 200: publishedSchema, 400: publishRefusedSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { key, revision } = request.params;
      const earlier = await readRevision(app.db, key, revision);
      if (!earlier) throw new ApiError('not-found', CONTENT_MESSAGES.unknownRevision);
      const outcome = await publishDocument(app.db, {
        key,
        value: earlier.value,
        baseRevision: request.body.baseRevision,
        by: { id: user.id, name: user.username },
        source: 'restore',
        restoredFrom: revision,
      });
      return answer(request, reply, key, outcome, { restored: revision });
    },
  );

  app.get(
    `${ADMIN}/preview/:page`,
    {
      onRequest: [requireAdmin],
      schema: {
        params: z.strictObject({ page: z.enum(PUBLIC_PAGES) }),
        querystring: previewQuerySchema,
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const published = app.content.published();
      const parts: Partial<ContentParts> = {};
      for (const [key, value] of await readDraftsOf(app.db, user.id)) {
        const checked = checkContent(key, value, { published: published.values[key] });
        // A draft with problems shows as published until they are fixed (the desk lists them).
        if (checked.ok) (parts as Record<string, unknown>)[key] = checked.part;
      }
      const html = await app.content.preview(request.params.page, request.query.theme, parts);
      if (html === null) throw new ApiError('unavailable', CONTENT_MESSAGES.noPreview);
      return reply
        .type('text/html; charset=utf-8')
        .allowFramingBySelf(inlineStyleHashes(html))
        .send(html);
    },
  );
}
