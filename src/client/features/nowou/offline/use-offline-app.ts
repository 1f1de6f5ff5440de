/**
 * Registers Nowou's service worker (docs/product/nowou.md#nowou-offline) from Nowou only, in a built site
 * (the dev server has none), where the browser allows one (HTTPS or localhost). Says when a new
 * version is installed and waiting; `reload` lets it take over, then reloads the page, so the code
 * of a tab never changes while someone uses it.
 */
import { useEffect, useState } from 'react';

const SCRIPT = '/nowou-sw.js';
const TAKE_OVER = 'nowou-sw:take-over';
const CHECK_EVERY_MS = 60 * 60 * 1000;

export interface OfflineApp {
  updateReady: boolean;
  reload: () => void;
}

export function useOfflineApp(): OfflineApp {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    let active = true;
    let timer = 0;
    // Only an update waits: the first version takes over at once and nothing needs reloading.
    const offer = (worker: ServiceWorker | null) => {
      if (active && worker && container.controller) setWaiting(worker);
    };
    container
      .register(SCRIPT, { scope: '/' })
      .then((registration) => {
        offer(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed') offer(installing);
          });
        });
        // A tab left open for days still hears of a new version.
        timer = window.setInterval(
          () => void registration.update().catch(() => undefined),
          CHECK_EVERY_MS,
        );
      })
      .catch(() => {
        // No worker (a private mode, an insecure address): Nowou works, just not offline.
      });
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, []);

  return {
    updateReady: waiting !== null,
    reload: () => {
      if (!waiting) return;
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      });
      waiting.postMessage(TAKE_OVER);
    },
  };
}
