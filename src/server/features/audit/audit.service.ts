/**
 * Writing to the audit log (docs/product/desk.md#audit-log), for every domain and the command line.
 * Details keep what changed and never a secret: keys that name a password, code, secret or token
 * are dropped, long texts are cut, so the log can be shown and exported as it is.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditEntryView } from '#shared/admin-security-schemas';
import type { Database } from '#server/db/schema';
import { insertAuditRow, listAuditRows, type AuditRow } from './audit.repository';

export type AuditOutcome = 'success' | 'failure' | 'denied';
export type AuditSource = 'desk' | 'command line';

export interface AuditEntry {
  actorId: string | null;
  /** The actor's email, or `command line`. */
  actorLabel: string;
  action: string;
  targetId?: string | null;
  outcome: AuditOutcome;
  details?: Record<string, unknown>;
  requestId?: string | null;
  source: AuditSource;
  at?: Date;
}

const SECRET_KEY = /pass|code|secret|token|otp|key/i;
const MAX_TEXT = 200;
const MAX_KEYS = 20;

/** The details as they may be stored: scalars only, no secrets, texts cut to 200 characters. */
export function auditDetails(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value).slice(0, MAX_KEYS)) {
    if (SECRET_KEY.test(key)) continue;
    if (typeof field === 'string')
      kept[key] = field.length > MAX_TEXT ? `${field.slice(0, MAX_TEXT)}…` : field;
    else if (typeof field === 'number' || typeof field === 'boolean' || field === null)
      kept[key] = field;
    else if (Array.isArray(field) && field.every((item) => typeof item === 'string'))
      kept[key] = field.slice(0, MAX_KEYS);
  }
  return kept;
}

export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await insertAuditRow(db, {
    at: (entry.at ?? new Date()).toISOString(),
    actor_id: entry.actorId,
    actor_label: entry.actorLabel,
    action: entry.action,
    target_id: entry.targetId ?? null,
    outcome: entry.outcome,
    details: JSON.stringify(auditDetails(entry.details ?? {})),
    request_id: entry.requestId ?? null,
    source: entry.source,
  });
}

interface ActionDescription {
  targetId?: string | null;
  details?: Record<string, unknown>;
}

const descriptions = new WeakMap<FastifyRequest, ActionDescription>();

/**
 * Names the account an admin action was on and what changed, for the row audit.plugin.ts writes
 * (without it: the route's `:id` and the request body).
 */
export function describeAuditedAction(request: FastifyRequest, description: ActionDescription) {
  descriptions.set(request, { ...descriptions.get(request), ...description });
}

export function auditedActionOf(request: FastifyRequest): ActionDescription | undefined {
  return descriptions.get(request);
}

/** A stored row as the desk reads it (its details parsed). */
export function auditEntryView(row: AuditRow): AuditEntryView {
  let details: Record<string, unknown> = {};
  try {
    details = JSON.parse(row.details) as Record<string, unknown>;
  } catch {
    // stored by this app as JSON; a row that is not shows without details
  }
  return {
    id: Number(row.id),
    at: row.at,
    actorId: row.actor_id,
    actorLabel: row.actor_label,
    action: row.action,
    targetId: row.target_id,
    targetLabel: null,
    outcome: row.outcome as AuditEntryView['outcome'],
    details,
    requestId: row.request_id,
    source: row.source,
  };
}

/** The latest audit entries about one account (its `target_id`), newest first. */
export async function auditEntriesAbout(
  db: Kysely<Database>,
  targetId: string,
  limit: number,
): Promise<AuditEntryView[]> {
  return (await listAuditRows(db, { targetId, limit })).map(auditEntryView);
}
