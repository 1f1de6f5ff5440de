/**
 * zod compiles fast parsers with `new Function` when it may; the site's CSP forbids eval, and zod's
 * probe for it is reported as a CSP violation (Lighthouse's Best Practices "inspector-issues").
 * zod reads this global config when it loads, which on the client is later, in a lazy chunk: set
 * before, it never probes.
 */
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  jitless: true,
};
