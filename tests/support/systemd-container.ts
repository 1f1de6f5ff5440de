/**
 * Real systemd for a test on a machine whose own init is something else: systemd boots as PID 1 of
 * new mount and PID namespaces, on a throwaway overlay of this machine's root whose changes live in
 * memory and vanish with it. The network is the machine's, so the test reaches the services it
 * starts on loopback. `repo` appears at `/srv/creator-site` (an overlay too: the repository itself
 * is never written). Units that reach past the container (udev, sysctl, kernel modules, the clock)
 * are masked. Needs root, unshare, overlayfs and /lib/systemd/systemd; `systemdContainerProblem`
 * says in one line what is missing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const SYSTEMD = '/lib/systemd/systemd';

/** Units that would act on the machine outside the container, masked inside it. */
const MASKED = [
  'systemd-udevd.service',
  'systemd-udevd-control.socket',
  'systemd-udevd-kernel.socket',
  'systemd-udev-trigger.service',
  'systemd-udev-settle.service',
  'systemd-sysctl.service',
  'systemd-modules-load.service',
  'systemd-timesyncd.service',
  'systemd-binfmt.service',
  'proc-sys-fs-binfmt_misc.automount',
  'systemd-networkd.service',
  'systemd-resolved.service',
  'getty.target',
];

/**
 * Runs as PID 1 of the new namespaces, $1 being the repository: builds the root in memory, then
 * becomes systemd. Any failure before `exec` leaves nothing behind (the mounts are private).
 */
const BOOT = String.raw`
set -eu
repo="$1"
base=/mnt
mount -t tmpfs creator-site-test "$base"
mkdir -p "$base/upper" "$base/work" "$base/root" "$base/repo-upper" "$base/repo-work"
mount -t overlay overlay -o "lowerdir=/,upperdir=$base/upper,workdir=$base/work" "$base/root"
R="$base/root"
mount -t proc proc "$R/proc"
mount --rbind /sys "$R/sys"
mount -o remount,bind,ro "$R/sys"
mount --rbind /dev "$R/dev"
mount -t tmpfs tmpfs "$R/run"
mount -t tmpfs tmpfs "$R/tmp"
mkdir -p "$R/srv/creator-site"
mount -t overlay overlay -o "lowerdir=$repo,upperdir=$base/repo-upper,workdir=$base/repo-work" "$R/srv/creator-site"
for unit in ${MASKED.join(' ')}; do ln -sf /dev/null "$R/etc/systemd/system/$unit"; done
printf '[Unit]\nDescription=Test target\n' > "$R/etc/systemd/system/creator-test.target"
exec chroot "$R" env container=other ${SYSTEMD} --system --unit=creator-test.target --log-level=warning
`;

/** Why a systemd container cannot be started here, or null when it can. */
export function systemdContainerProblem(): string | null {
  if (process.platform !== 'linux') return 'it needs Linux';
  if (process.getuid?.() !== 0) return 'it needs root (namespaces and mounts)';
  if (!existsSync(SYSTEMD)) return `${SYSTEMD} is missing (apt-get install systemd)`;
  for (const tool of ['unshare', 'nsenter', 'chroot', 'useradd'])
    if (spawnSync(tool, ['--help']).error) return `${tool} is missing`;
  const probe = spawnSync('unshare', ['--mount', '--pid', '--fork', 'true']);
  if (probe.status !== 0) return 'this machine does not allow new mount and PID namespaces';
  if (!readFileSync('/proc/filesystems', 'utf8').includes('overlay'))
    return 'the kernel has no overlayfs';
  if (!existsSync(`/proc/self/task/${process.pid}/children`))
    return 'this kernel does not list child processes in /proc';
  return null;
}

export interface SystemdContainer {
  /** Runs a shell command inside (as root, in /srv/creator-site); throws with its output on failure. */
  sh(command: string): string;
  /** A service's properties, as `systemctl show -p`. */
  show(unit: string, ...properties: string[]): Record<string, string>;
  stop(): Promise<void>;
}

function childPid(pid: number): number | null {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return children ? Number(children.split(' ')[0]) : null;
  } catch {
    return null;
  }
}

export async function startSystemdContainer(repo: string): Promise<SystemdContainer> {
  const unshare: ChildProcess = spawn(
    'unshare',
    ['--mount', '--pid', '--fork', '--propagation', 'private', 'sh', '-c', BOOT, 'boot', repo],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let bootErrors = '';
  unshare.stderr?.on('data', (chunk: Buffer) => (bootErrors += chunk.toString()));
  const exited = new Promise<void>((resolve) => unshare.once('exit', () => resolve()));

  let init: number | null = null;
  /** The container's namespaces and root, for nsenter. */
  const inside = (pid: number) => ['-t', String(pid), '-m', '-p', `--root=/proc/${pid}/root`];
  const sh = (command: string): string => {
    if (init === null) throw new Error('the container has not started');
    const result = spawnSync(
      'nsenter',
      [...inside(init), `--wd=/proc/${init}/root/srv/creator-site`, 'sh', '-c', command],
      { encoding: 'utf8', env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin' } },
    );
    if (result.status !== 0)
      throw new Error(
        `inside the container, \`${command}\` failed: ${result.stdout}${result.stderr}`,
      );
    return result.stdout;
  };
  const container: SystemdContainer = {
    sh,
    show(unit, ...properties) {
      const out = sh(`systemctl show ${properties.map((p) => `-p ${p}`).join(' ')} '${unit}'`);
      return Object.fromEntries(
        out
          .trim()
          .split('\n')
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
    },
    async stop() {
      if (init !== null) process.kill(init, 'SIGKILL');
      else unshare.kill('SIGKILL');
      await exited;
    },
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (unshare.exitCode !== null)
      throw new Error(`systemd did not boot: ${bootErrors.trim() || `exit ${unshare.exitCode}`}`);
    if (unshare.pid !== undefined) init ??= childPid(unshare.pid);
    if (init !== null && readFileSync(`/proc/${init}/comm`, 'utf8').trim() === 'systemd') {
      const state = spawnSync('nsenter', [...inside(init), 'systemctl', 'is-system-running'], {
        encoding: 'utf8',
      }).stdout.trim();
      if (state === 'running' || state === 'degraded') return container;
    }
    if (Date.now() > deadline) {
      await container.stop();
      throw new Error('systemd did not finish booting within 60 s');
    }
    // Polls the boot state above, 200 ms apart.
    await sleep(200);
  }
}
