import type { App } from '#server/app-types';

/**
 * Work a route goes on with after it has answered (so the answer's timing says nothing about what the
 * work found). A failure is logged as `<what> failed`; closing the app waits for all of it.
 */
export function backgroundTasks(app: App, what: string): (task: () => Promise<void>) => void {
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  return (task) => {
    const run = task()
      .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
      .finally(() => pending.delete(run));
    pending.add(run);
  };
}
