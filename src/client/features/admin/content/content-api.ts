/**
 * The desk's calls for the site's words (docs/product/desk.md#publishing-the-sites-words), every answer
 * read with the API's own schemas (#shared/content-api-schemas). A publish the checks refuse
 * answers its problems; one made on a stale base says so; both as PublishRefused, so the editor
 * can show them instead of a bare message.
 */
import {
  contentDocumentSchema,
  contentListSchema,
  publishedSchema,
  publishRefusedSchema,
  revisionListSchema,
  revisionSchema,
  savedDraftSchema,
  type ContentDocument,
  type ContentList,
  type RevisionSummary,
} from '#shared/content-api-schemas';
import type { ContentIssue } from '#shared/content-checks';
import type { ContentKey } from '#shared/content-parts';
import type { PublicPage } from '#shared/public-pages';
import { api, ApiError } from '../../../lib/api';

const BASE = '/api/admin/content';

export type ContentValue = Record<string, unknown>;
export type SavedDraft = ContentDocument['draft'] & {};

export async function fetchContentList(signal?: AbortSignal): Promise<ContentList> {
  return contentListSchema.parse(await api<unknown>(BASE, { signal, list: true }));
}

export async function fetchContentDocument(
  key: ContentKey,
  signal?: AbortSignal,
): Promise<ContentDocument> {
  return contentDocumentSchema.parse(await api<unknown>(`${BASE}/${key}`, { signal }));
}

export async function saveContentDraft(
  key: ContentKey,
  baseRevision: number,
  value: ContentValue,
): Promise<SavedDraft> {
  const body = await api<unknown>(`${BASE}/${key}/draft`, {
    method: 'PUT',
    body: { baseRevision, value },
  });
  return savedDraftSchema.parse(body).draft;
}

export async function discardContentDraft(key: ContentKey): Promise<void> {
  await api(`${BASE}/${key}/draft`, { method: 'DELETE' });
}

/** A publish or restore that did not happen, and why. */
export class PublishRefused extends Error {
  constructor(
    readonly reason: 'problems' | 'stale',
    message: string,
    readonly issues: ContentIssue[] = [],
  ) {
    super(message);
    this.name = 'PublishRefused';
  }
}

function refusal(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.httpStatus === 409) return new PublishRefused('stale', error.message);
  if (error.httpStatus === 400) {
    const refused = publishRefusedSchema.safeParse(error.body);
    if (refused.success)
      return new PublishRefused('problems', refused.data.error.message, refused.data.issues);
  }
  return error;
}

export interface PublishOutcome {
  published: RevisionSummary;
  version: number;
}

export async function publishContent(
  key: ContentKey,
  baseRevision: number,
  value: ContentValue,
): Promise<PublishOutcome> {
  try {
    const body = await api<unknown>(`${BASE}/${key}/publish`, {
      method: 'POST',
      body: { baseRevision, value },
    });
    return publishedSchema.parse(body);
  } catch (error) {
    throw refusal(error);
  }
}

export async function fetchRevisions(
  key: ContentKey,
  signal?: AbortSignal,
): Promise<RevisionSummary[]> {
  const body = await api<unknown>(`${BASE}/${key}/revisions`, { signal, list: true });
  return revisionListSchema.parse(body).revisions;
}

export type Revision = RevisionSummary & { value: ContentValue };

export async function fetchRevision(
  key: ContentKey,
  revision: number,
  signal?: AbortSignal,
): Promise<Revision> {
  const body = await api<unknown>(`${BASE}/${key}/revisions/${revision}`, { signal });
  return revisionSchema.parse(body).revision;
}

export async function restoreRevision(
  key: ContentKey,
  revision: number,
  baseRevision: number,
): Promise<PublishOutcome> {
  try {
    const body = await api<unknown>(`${BASE}/${key}/revisions/${revision}/restore`, {
      method: 'POST',
      body: { baseRevision },
    });
    return publishedSchema.parse(body);
  } catch (error) {
    throw refusal(error);
  }
}

/** The public page with the admin's saved drafts in place, for the preview frame. */
export function previewUrl(page: PublicPage, theme: 'light' | 'dark'): string {
  return `${BASE}/preview/${page}?theme=${theme}`;
}
