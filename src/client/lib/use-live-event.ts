/**
 * React's side of the live connection (live-connection.ts): `useLiveEvent('user', ({ user }) => …)`
 * listens while the component is mounted, always calling the latest handler; `LiveStreamSync`
 * (mounted once, in AppFrame) opens the stream for the current page and follows navigation.
 */
import { useEffect, useEffectEvent } from 'react';
import { useLocation } from 'react-router';
import type { LiveEventName } from '#shared/live-events';
import { liveConnection, livePageKey, type LiveHandler } from './live-connection';

export function useLiveEvent<N extends LiveEventName>(name: N, handler: LiveHandler<N>): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => liveConnection().on(name, (payload) => onEvent(payload)), [name]);
}

/** Keeps the tab's stream opened for the page on screen; renders nothing. */
export function LiveStreamSync(): null {
  const pageKey = livePageKey(useLocation().pathname);
  useEffect(() => {
    const connection = liveConnection();
    connection.start();
    return () => connection.stop();
  }, []);
  useEffect(() => {
    liveConnection().setPage(pageKey);
  }, [pageKey]);
  return null;
}
