/**
 * Mounted once, in AppFrame: opens the tab's live connection (live.ts) for the current page
 * and follows navigation.
 */
import { useEffect } from 'react';
import { useLocation } from './navigation/router';
import { liveConnection } from './live';
import { livePageKey } from './live-connection';

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
