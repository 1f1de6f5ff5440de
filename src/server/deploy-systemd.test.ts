/**
 * deploy/creator-site@.service as systemd reads it (docs/deploy.md): `systemd-analyze verify` finds
 * no unknown setting, no value it cannot parse and no command it cannot run for an instance on a
 * port. A copy with a setting systemd cannot parse is reported, so the check can fail. Skipped with
 * one line where systemd-analyze is not installed (apt-get install systemd).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { makeTempDir } from '#test-support/server';

const analyzerMissing = spawnSync('systemd-analyze', ['--version']).error !== undefined;
if (analyzerMissing)
  console.warn(
    'systemd unit test skipped: systemd-analyze is not installed (apt-get install systemd)',
  );

const UNIT = join(import.meta.dirname, '../../deploy/creator-site@.service');
const dir = makeTempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What `systemd-analyze verify` says about this template's instance on port 3000. */
function verify(template: string): { status: number | null; complaints: string } {
  writeFileSync(join(dir, 'creator-site@.service'), template);
  const result = spawnSync('systemd-analyze', ['verify', join(dir, 'creator-site@3000.service')], {
    encoding: 'utf8',
    env: { ...process.env, SYSTEMD_LOG_COLOR: '0' },
  });
  return { status: result.status, complaints: `${result.stdout}${result.stderr}`.trim() };
}

test.skipIf(analyzerMissing)('systemd reads the unit without a complaint', () => {
  const unit = readFileSync(UNIT, 'utf8');
  expect(verify(unit)).toEqual({ status: 0, complaints: '' });

  const broken = unit.replace('Restart=on-failure', 'Restart=sometimes');
  expect(broken).not.toBe(unit);
  expect(verify(broken).complaints).toContain('Failed to parse service restart specifier');
});
