/**
 * deploy/creator-site@.service (docs/deploy.md). As systemd reads it: `systemd-analyze verify`
 * finds no unknown setting, no value it cannot parse and no command it cannot run for an instance
 * on a port; a copy with a setting systemd cannot parse is reported, so the check can fail. As
 * systemd runs it (tests/support/systemd-container.ts): installed as the guide says, the site
 * starts with its umask and its data the owner's only, gets its file limit, comes back after a
 * crash, and stops cleanly on `systemctl stop` with a live stream open. Each part is skipped with one line where it cannot run.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort, makeTempDir } from '#test-support/server';
import {
  startSystemdContainer,
  systemdContainerProblem,
  type SystemdContainer,
} from '#test-support/systemd-container';

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

const containerProblem = systemdContainerProblem();
if (containerProblem) console.warn(`systemd run test skipped: ${containerProblem}`);

/** The hard limit on open files of a process, from /proc/PID/limits as seen inside. */
function openFilesLimit(container: SystemdContainer, pid: string): number {
  const line = container.sh(`grep 'Max open files' /proc/${pid}/limits`);
  return Number(line.trim().split(/\s+/)[4]);
}

describe.skipIf(containerProblem !== null)('under systemd', () => {
  let container: SystemdContainer;
  let port: number;
  let unit: string;
  beforeAll(async () => {
    container = await startSystemdContainer(join(import.meta.dirname, '../..'));
    port = await freePort();
    unit = `creator-site@${port}.service`;
    // docs/deploy.md's steps, the repository being in place already.
    container.sh(`useradd --system --home /srv/creator-site --shell /usr/sbin/nologin creator-site
      mkdir -p data && chown creator-site:creator-site data
      printf 'PUBLIC_URL=http://127.0.0.1:${port}\\nDATA_DIR=/srv/creator-site/data\\nSERVE_CLIENT=false\\n' > /etc/creator-site.env
      chmod 600 /etc/creator-site.env
      cp deploy/creator-site@.service /etc/systemd/system/
      systemctl daemon-reload && systemctl enable --now ${unit}`);
  }, 90_000);
  afterAll(() => container?.stop());

  async function ready(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return;
      if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs} ms`);
      await sleep(250);
    }
  }

  test('the site starts with its file limit, comes back after a crash and stops cleanly with a live stream open', async () => {
    await ready();
    const started = container.show(unit, 'MainPID', 'LimitNOFILE', 'UMask');
    const first = started.MainPID!;
    expect(started.LimitNOFILE).toBe('65536');
    expect(started.UMask).toBe('0077');
    // The guide's `mkdir -p data` left it 0755: the site made it and what it wrote its own.
    expect(
      container.sh('stat -c "%a %n" data data/site.db data/mfa.key').trim().split('\n'),
    ).toEqual(['700 data', '600 data/site.db', '600 data/mfa.key']);
    // Set as far as this machine lets root raise it (systemd takes the closest value allowed).
    const machineCap = openFilesLimit(container, '1');
    expect(openFilesLimit(container, first)).toBe(Math.min(65536, machineCap));

    container.sh(`systemctl kill --signal=KILL ${unit}`);
    await ready();
    const restarted = container.show(unit, 'MainPID', 'NRestarts');
    expect(restarted.NRestarts).toBe('1');
    expect(restarted.MainPID).not.toBe(first);

    const stream = await fetch(`http://127.0.0.1:${port}/api/live?page=home`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read(); // the stream is open
    const stopping = Date.now();
    container.sh(`systemctl stop ${unit}`);
    // Well within TimeoutStopSec: the server ended the stream and exited by itself, with 0.
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect(container.show(unit, 'Result', 'ExecMainStatus', 'ActiveState')).toEqual({
      Result: 'success',
      ExecMainStatus: '0',
      ActiveState: 'inactive',
    });
    for (;;) if ((await reader.read()).done) break;
    expect(container.sh(`journalctl -u ${unit} -o cat`)).toContain('"msg":"Stopped"');
  }, 150_000);
});
