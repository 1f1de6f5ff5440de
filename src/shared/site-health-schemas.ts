/** GET /api/admin/health: what the owner checks on a running site (docs/product/command-line.md#site-health). */
import { z } from 'zod';

export const siteHealthSchema = z.object({
  database: z.object({ kind: z.enum(['sqlite', 'postgres']), answers: z.boolean() }),
  /** Space in DATA_DIR, or null when it cannot be read; `full` when writes are about to fail. */
  disk: z.object({ freeBytes: z.number(), totalBytes: z.number(), full: z.boolean() }).nullable(),
  mailQueue: z.object({
    queued: z.number(),
    oldestQueuedAt: z.string().nullable(),
    /** Why the newest failed attempt of a waiting mail failed (the mail server's answer), or null. */
    lastError: z.string().nullable(),
    /** True after a restore until `npm run admin -- release-mail`. */
    paused: z.boolean(),
  }),
  /** The newest backup file in DATA_DIR/backups/, or null. */
  lastBackup: z.object({ file: z.string(), at: z.string(), bytes: z.number() }).nullable(),
});
export type SiteHealth = z.infer<typeof siteHealthSchema>;
