/**
 * React's side of the live connection (live-connection.ts): `useLiveEvent('user', ({ user }) => …)`
 * listens while the component is mounted, always calling the latest handler. LiveStreamSync opens
 * the stream.
 */
import { useEffect, useEffectEvent } from 'react';
import type { LiveEventName } from '#shared/live-events';
import { liveConnection } from './live';
import type { LiveHandler } from './live-connection';

export function useLiveEvent<N extends LiveEventName>(name: N, handler: LiveHandler<N>): void {
  const onEvent = useEffectEvent(handler);
  useEffect(
    () => liveConnection().on(name, (payload, context) => onEvent(payload, context)),
    [name],
  );
}
