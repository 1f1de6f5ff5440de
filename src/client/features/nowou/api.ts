/** Nowou's server calls: its sync through the account (docs/product/nowou.md#nowou-sync). */
import type { NowouPullAnswer, NowouPush, NowouPushAnswer } from '#shared/nowou-sync-schemas';
import { api } from '../../lib/api';

/** The sync engine's SyncApi, by shape: this file imports nothing of Nowou, so sync/ stands above it. */
export const nowouSyncApi = {
  push: (body: NowouPush) => api<NowouPushAnswer>('/api/nowou/push', { method: 'POST', body }),
  pull: (after: number) => api<NowouPullAnswer>(`/api/nowou/pull?after=${after}`, { list: true }),
};
