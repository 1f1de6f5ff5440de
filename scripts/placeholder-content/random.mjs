// The seeded random numbers every placeholder generator draws from, so each one writes the same
// bytes on every run.

/**
 * mulberry32: a small, fast, well-mixed 32-bit generator (public domain). Returns a function giving
 * the next number in [0, 1) of the sequence `seed` starts.
 */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
