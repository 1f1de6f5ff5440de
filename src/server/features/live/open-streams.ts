/** The open streams of one app: counted per client address, and all ended together at shutdown. */
import type { SseStream } from './sse-stream';

export interface OpenStreams {
  /** Reserves a place for `address`; false when it already holds the maximum. */
  reserve(address: string): boolean;
  /** Gives back a place reserved but never used (the stream did not open). */
  release(address: string): void;
  /** Tracks an opened stream; its place is given back when it closes. */
  track(address: string, stream: SseStream): void;
  size(): number;
  /** Sends a heartbeat comment on every open stream. */
  heartbeatAll(): void;
  endAll(): void;
}

export function createOpenStreams(maxPerAddress: number): OpenStreams {
  const perAddress = new Map<string, number>();
  const streams = new Set<SseStream>();

  const release = (address: string) => {
    const count = (perAddress.get(address) ?? 0) - 1;
    if (count > 0) perAddress.set(address, count);
    else perAddress.delete(address);
  };

  return {
    reserve(address) {
      const count = perAddress.get(address) ?? 0;
      if (count >= maxPerAddress) return false;
      perAddress.set(address, count + 1);
      return true;
    },
    release,
    track(address, stream) {
      streams.add(stream);
      stream.onClose(() => {
        streams.delete(stream);
        release(address);
      });
    },
    size: () => streams.size,
    heartbeatAll() {
      for (const stream of streams) stream.heartbeat();
    },
    endAll() {
      for (const stream of [...streams]) stream.end();
    },
  };
}
