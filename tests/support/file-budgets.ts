/**
 * How long one test file may take (its imports, hooks and tests), per vitest project. A file over its
 * budget is marked in the table every run prints (tests/support/slowest-files-reporter.ts); split it,
 * fold its page loads into the page walk, or name it below with the reason.
 */
export const FILE_BUDGET_MS: Record<string, number> = {
  e2e: 45_000,
  unit: 20_000,
};

/** Files allowed more than their project's budget, each with the reason it needs the time. */
export const FILE_BUDGET_EXCEPTIONS: Record<string, { ms: number; reason: string }> = {};

export function budgetFor(project: string, file: string): number {
  return FILE_BUDGET_EXCEPTIONS[file]?.ms ?? FILE_BUDGET_MS[project] ?? FILE_BUDGET_MS.unit!;
}
