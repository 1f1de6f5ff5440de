/** Nowou's server calls: its sync through the account (docs/product.md#nowou-sync). */
import type { NowouPullAnswer, NowouPush, NowouPushAnswer } from '#shared/nowou-sync-schemas';
import { api } from '../../lib/api';
import type { SyncApi } from './sync/sync-engine';

export const nowouSyncApi: SyncApi = {
  push: (body: NowouPush) => api<NowouPushAnswer>('/api/nowou/push', { method: 'POST', body }),
  pull: (after: number) => api<NowouPullAnswer>(`/api/nowou/pull?after=${after}`, { list: true }),
};
