/**
 * The fan-out bench's clock: process.hrtime (CLOCK_MONOTONIC, one clock for every process on the
 * machine) in nanoseconds as a plain number. A post's clock starts in the bench's own process and
 * stops in the client processes (client-worker.ts), so both sides read it through here.
 */
export const now = (): number => Number(process.hrtime.bigint());
