/**
 * A vitest reporter that ends every run with the ten slowest files of each project against their
 * budget (tests/support/file-budgets.ts), and how many tests ran. With TEST_TIMINGS_FILE set it also
 * appends the table there, so `npm test` can print every project's table after its last phase.
 */
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { budgetFor } from './file-budgets';

const SHOWN = 10;

interface FileTime {
  file: string;
  ms: number;
  budget: number;
}

/** The file's own time: importing it and its setup files, then its hooks and tests. */
function fileMs(module: TestModule): number {
  const { setupDuration, collectDuration, duration } = module.diagnostic();
  return setupDuration + collectDuration + duration;
}

function countTests(modules: readonly TestModule[]) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const module of modules)
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') passed += 1;
      else if (state === 'failed') failed += 1;
      else skipped += 1;
    }
  return { passed, failed, skipped };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function slowestFilesTable(project: string, modules: readonly TestModule[]): string {
  const root = modules[0]?.project.config.root ?? process.cwd();
  const times: FileTime[] = modules.map((module) => {
    const file = relative(root, module.moduleId);
    return { file, ms: fileMs(module), budget: budgetFor(project, file) };
  });
  times.sort((a, b) => b.ms - a.ms);
  const total = times.reduce((sum, time) => sum + time.ms, 0);
  const { passed, failed, skipped } = countTests(modules);
  const over = times.filter((time) => time.ms > time.budget);
  const width = Math.max(...times.slice(0, SHOWN).map((time) => time.file.length), 4);
  const lines = [
    `Slowest ${project} files (${modules.length} files, ${passed} passed, ${failed} failed, ${skipped} skipped; ${seconds(total)} in files):`,
    ...times
      .slice(0, SHOWN)
      .map(
        ({ file, ms, budget }) =>
          `  ${file.padEnd(width)}  ${seconds(ms).padStart(8)}  budget ${seconds(budget).padStart(7)}${ms > budget ? '  OVER BUDGET' : ''}`,
      ),
  ];
  const hidden = over.filter((time) => !times.slice(0, SHOWN).includes(time));
  for (const { file, ms, budget } of hidden)
    lines.push(`  ${file}  ${seconds(ms)}  budget ${seconds(budget)}  OVER BUDGET`);
  if (over.length > 0)
    lines.push(`  ${over.length} file(s) over budget (tests/support/file-budgets.ts).`);
  return lines.join('\n');
}

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    const byProject = new Map<string, TestModule[]>();
    for (const module of modules) {
      const name = module.project.name || 'unit';
      byProject.set(name, [...(byProject.get(name) ?? []), module]);
    }
    const tables = [...byProject].map(([project, list]) => slowestFilesTable(project, list));
    if (tables.length === 0) return;
    const text = `\n${tables.join('\n\n')}\n`;
    process.stdout.write(text);
    if (process.env.TEST_TIMINGS_FILE) appendFileSync(process.env.TEST_TIMINGS_FILE, text);
  }
}
