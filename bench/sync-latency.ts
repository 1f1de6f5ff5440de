/**
 * Push to a second device with many devices syncing (docs/product/constants.md#speed-and-scale-targets):
 * SYNC_DEVICES.accounts accounts with two devices each (sync-device.ts), every device on its own
 * loopback address holding the account's live stream and pulling on each `nowou` event. The account
 * first gets SYNC_DEVICES.todosPerAccount to-dos (one push, not timed) and both devices pull them.
 * Then rounds on a fixed timetable: in each, every account pushes once, the next of its to-dos with
 * a new title, from device 1 in even rounds and device 2 in odd ones, at a time spread evenly over
 * the round (accounts in a shuffled order), with the version the pushing device last pulled, and
 * pulls afterwards as the app's round does. A sample is the time from just before the push to the
 * other device having pulled that title. Pushes go out on time whether or not earlier ones have
 * arrived (so a slow server shows as latency, not as fewer pushes); each account pushes once a
 * round, far below its 240 a minute. The first SYNC_DEVICES.warmUpRounds rounds are not counted.
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { storageKeyOf, TODO_DEFAULTS, type Todo } from '#shared/nowou-records';
import { now } from './clock.ts';
import { countCpu, type CpuShare } from './sync-cpu.ts';
import { random } from './nowou-seed.ts';
import { quantile } from './nowou-trace.ts';
import { progress } from './progress.ts';
import { deviceAddress, push, type SyncAccount } from './sync-accounts.ts';
import { Device } from './sync-device.ts';
import { SYNC_DEVICES, SYNC_STORE, type SyncLatency } from './sync-results.ts';
import { delay, withTimeout } from './timeout.ts';

const RECEIPT_TIMEOUT_MS = 15_000;

export interface Instance {
  origin: string;
  name: string;
  /** The server process, whose main thread's share of the CPU is read while timing. */
  pid: number | null;
}

interface Pair {
  account: SyncAccount;
  devices: [Device, Device];
  keys: string[];
}

interface Sample {
  ms: number;
  answeredMs: number;
  /** Clock readings (ns) of the push going out and its answer. */
  startedAt: number;
  answeredAt: number;
  /** The instance the receiving device talks to. */
  instance: string;
}

function seedTodos(count: number, modifiedAt: string, next: () => number): Todo[] {
  return Array.from({ length: count }, (_, index) => ({
    ...TODO_DEFAULTS,
    tags: [],
    subtasks: [],
    id: randomUUID(),
    modifiedAt,
    title: `Bench to-do ${index + 1}`,
    list: 'inbox',
    order: String.fromCharCode(65 + index) + String(1 + Math.floor(next() * 9)),
  }));
}

async function preparePair(
  instances: Instance[],
  account: SyncAccount,
  index: number,
  next: () => number,
): Promise<Pair> {
  const devices = [0, 1].map((side) => {
    const instance = instances[side % instances.length]!;
    const address = deviceAddress(index * 2 + side);
    return new Device(instance.origin, instance.name, account.cookie, address, randomUUID());
  }) as [Device, Device];
  const todos = seedTodos(
    SYNC_DEVICES.todosPerAccount,
    new Date(Date.now() - 60_000).toISOString(),
    next,
  );
  const keys = todos.map((todo) => storageKeyOf('todo', todo.id));
  const [first] = devices;
  await push(
    first.origin,
    account.cookie,
    {
      device: first.id,
      items: todos.map((todo, n) => ({ key: keys[n]!, value: todo, baseSeq: null })),
    },
    first.address,
  );
  for (const device of devices) {
    await device.open();
    await device.requestPull();
    if (device.known.size !== keys.length)
      throw new Error(`${device.address} pulled ${device.known.size} of ${keys.length} to-dos`);
  }
  return { account, devices, keys };
}

/**
 * One timed push: the round's to-do of the pair with a new title, to its other device. Null when
 * the server kept its own copy (a later change of the other device's that this one had not pulled
 * yet): then there is no change to arrive, and the status is counted instead.
 */
async function pushOnce(
  pair: Pair,
  round: number,
  statuses: Record<string, number>,
): Promise<Sample | null> {
  const sender = pair.devices[round % 2]!;
  const receiver = pair.devices[(round + 1) % 2]!;
  const key = pair.keys[round % pair.keys.length]!;
  const known = sender.known.get(key)!;
  const title = `Bench to-do, round ${round + 1}`;
  const modifiedAt = new Date(
    Math.max(Date.now(), Date.parse(known.value.modifiedAt) + 1),
  ).toISOString();
  const changed: Todo = { ...known.value, title, modifiedAt };
  const arrived = receiver.expect(key, title);
  try {
    const started = now();
    const answer = await push(
      sender.origin,
      pair.account.cookie,
      { device: sender.id, items: [{ key, value: changed, baseSeq: known.seq }] },
      sender.address,
    );
    const answeredAt = now();
    const status = answer.results[0]?.status ?? 'none';
    statuses[status] = (statuses[status] ?? 0) + 1;
    // As the app's round: pull after the push (its own change coming back, and anything newer).
    void sender.requestPull();
    if (status !== 'accepted' && status !== 'merged') return null;
    const at = await withTimeout(arrived, RECEIPT_TIMEOUT_MS, `${receiver.address} pulling ${key}`);
    return {
      ms: (at - started) / 1e6,
      answeredMs: (answeredAt - started) / 1e6,
      startedAt: started,
      answeredAt,
      instance: receiver.instance,
    };
  } finally {
    receiver.forget(key);
  }
}

function perPush(share: CpuShare, pushes: number): CpuShare {
  return { ranMs: share.ranMs / pushes, waitedMs: share.waitedMs / pushes };
}

export async function measurePushLatency(
  instances: Instance[],
  accounts: SyncAccount[],
  label: string,
): Promise<{ latency: SyncLatency; errors: string[] }> {
  const next = random(SYNC_STORE.seed + 1);
  const pairs: Pair[] = [];
  const errors: string[] = [];
  try {
    progress(`${label}: ${accounts.length} accounts, 2 devices each: streams and first pulls…`);
    for (const [index, account] of accounts.entries())
      pairs.push(await preparePair(instances, account, index, next));
    const devices = pairs.flatMap((pair) => pair.devices);
    const totalRounds = SYNC_DEVICES.warmUpRounds + SYNC_DEVICES.rounds;
    const spacing = SYNC_DEVICES.roundMs / pairs.length;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const samples: Sample[] = [];
    const statuses: Record<string, number> = {};
    const timed: Promise<void>[] = [];
    let firstSent = Infinity;
    let lastAnswered = 0;
    let pullsAtStart = 0;
    let serverCpu: () => CpuShare | null = () => null;
    let benchCpu: () => CpuShare | null = () => null;
    const start = now();
    for (let round = 0; round < totalRounds; round += 1) {
      const counted = round >= SYNC_DEVICES.warmUpRounds;
      if (round === SYNC_DEVICES.warmUpRounds) {
        pullsAtStart = devices.reduce((sum, device) => sum + device.pulls, 0);
        loop.enable();
        const pids = instances.flatMap((instance) => (instance.pid ? [instance.pid] : []));
        serverCpu = countCpu(pids);
        benchCpu = countCpu(['self']);
      }
      progress(`${label}: round ${round + 1}/${totalRounds}${counted ? '' : ' (warm-up)'}…`);
      // A fresh order each round, so no account is always first.
      const order = pairs.map((pair) => ({ pair, rank: next() })).sort((a, b) => a.rank - b.rank);
      for (const [position, { pair }] of order.entries()) {
        const due = start + (round * SYNC_DEVICES.roundMs + position * spacing) * 1e6;
        const wait = (due - now()) / 1e6;
        if (wait > 1) await delay(wait);
        const sample = pushOnce(pair, round, counted ? statuses : {}).then(
          (figure) => {
            if (!counted || !figure) return;
            samples.push(figure);
            firstSent = Math.min(firstSent, figure.startedAt);
            lastAnswered = Math.max(lastAnswered, figure.answeredAt);
          },
          (error: unknown) => {
            errors.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
          },
        );
        if (counted) timed.push(sample);
      }
    }
    await Promise.all(timed);
    loop.disable();
    const server = serverCpu();
    const bench = benchCpu();
    const pulls = devices.reduce((sum, device) => sum + device.pulls, 0) - pullsAtStart;
    for (const device of devices) errors.push(...device.errors.map((e) => `${label}: ${e}`));
    if (!samples.length) throw new Error('no push reached its second device');
    const times = samples.map((sample) => sample.ms);
    const answered = samples.map((sample) => sample.answeredMs);
    const names = [...new Set(instances.map((instance) => instance.name))];
    return {
      errors,
      latency: {
        accounts: pairs.length,
        devices: devices.length,
        rounds: SYNC_DEVICES.rounds,
        roundMs: SYNC_DEVICES.roundMs,
        samples: samples.length,
        p50Ms: quantile(times, 0.5),
        p95Ms: quantile(times, 0.95),
        p99Ms: quantile(times, 0.99),
        maxMs: Math.max(...times),
        pushesPerSecond: samples.length / ((lastAnswered - firstSent) / 1e9),
        pushAnsweredP50Ms: quantile(answered, 0.5),
        pushAnsweredP99Ms: quantile(answered, 0.99),
        pullsPerPush: pulls / samples.length,
        statuses,
        byInstance:
          names.length > 1
            ? names.map((instance) => {
                const mine = samples.filter((s) => s.instance === instance).map((s) => s.ms);
                return { instance, samples: mine.length, p99Ms: quantile(mine, 0.99) };
              })
            : [],
        benchLoopDelayP99Ms: loop.percentile(99) / 1e6,
        benchLoopDelayMaxMs: loop.max / 1e6,
        serverPerPush: server && perPush(server, samples.length),
        benchPerPush: bench && perPush(bench, samples.length),
      },
    };
  } finally {
    for (const pair of pairs) for (const device of pair.devices) device.close();
  }
}
