/**
 * Preloaded into the servers of the fan-out run only (`node --expose-gc --import tsx --import
 * ./bench/gc-on-signal.ts …`): a full garbage collection on SIGUSR2, so the bench can let the heap
 * settle before it reads the process's RSS from /proc. It adds no route and reads nothing itself.
 */
const collect = (globalThis as { gc?: () => void }).gc;
if (collect) process.on('SIGUSR2', () => collect());
