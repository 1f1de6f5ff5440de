/** Child process of publish-owner.ts's publishBurst: publishes About until the order's time is up. */
import { publishAbout, type BurstOrder } from './publish-owner.ts';

process.once('message', (order: BurstOrder) => {
  void (async () => {
    let published = 0;
    try {
      const until = Date.now() + order.ms;
      while (Date.now() < until) {
        await publishAbout(order.origin, order.cookie, `${order.label} at ${Date.now()}.`);
        published += 1;
      }
      process.send!({ published });
    } catch (error) {
      process.send!({ error: error instanceof Error ? error.message : String(error) });
    }
    process.disconnect();
  })();
});
