// Writes the generated sample prices the indicator pages chart (run from the repository root:
// node scripts/placeholder-content/make-sample-prices.mjs).
// They are not real market data: every series is a seeded random walk (geometric Brownian motion with
// a slowly changing trend), so the same script always writes the same bytes. Three files in
// src/client/features/indicators/: sample-prices.json (one year of daily candles for the Long & Short
// Position chart), sample-trade.json (the symbol and the trade set-up that page opens with) and
// sample-portfolio.json (one year of daily closes of four assets for the Portfolio page), in the
// repository's Prettier layout.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { random } from './random.mjs';

const OUT_DIR = 'src/client/features/indicators';
/** The first day of the series (UTC); one candle per calendar day, as crypto markets trade. */
const START = '2025-11-01';
const DAYS = 365;
/** Intraday steps per candle, for its high and low. */
const STEPS = 12;

/** Standard normal numbers from a uniform generator (Box–Muller). */
function normal(rand) {
  return () => {
    const u = Math.max(rand(), 1e-12);
    const v = rand();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
}

const round2 = (value) => Math.round(value * 100) / 100;

/**
 * Daily candles of one asset: yearly volatility `vol`, a trend that drifts between `drift ± swing`
 * (yearly rates), rescaled so the last close is `lastClose`.
 */
function candles({ seed, vol, drift, swing, lastClose }) {
  const rand = random(seed);
  const gauss = normal(rand);
  const dt = 1 / 365 / STEPS;
  let price = 100;
  let trend = drift;
  const raw = [];
  for (let day = 0; day < DAYS; day++) {
    // The trend wanders a little each day and is pulled back towards its mean.
    trend += (drift - trend) * 0.02 + gauss() * swing * 0.12;
    const open = price;
    let high = open;
    let low = open;
    for (let step = 0; step < STEPS; step++) {
      price *= Math.exp((trend - (vol * vol) / 2) * dt + vol * Math.sqrt(dt) * gauss());
      high = Math.max(high, price);
      low = Math.min(low, price);
    }
    raw.push([open, high, low, price]);
  }
  const scale = lastClose / raw[raw.length - 1][3];
  return raw.map((candle) => candle.map((value) => round2(value * scale)));
}

/**
 * The Long & Short page's opening trade: the lowest low between 45 and 25 days before the end, a long
 * entry at the next day's close, the stop 1% under that low and the target at three times the risk.
 */
function openingSetup(series) {
  const from = series.length - 45;
  const window = series.slice(from, series.length - 25);
  const lowIndex = from + window.reduce((best, c, i) => (c[2] < window[best][2] ? i : best), 0);
  const entryIndex = lowIndex + 1;
  const entry = series[entryIndex][3];
  const stop = Math.floor(series[lowIndex][2] * 0.99 * 100) / 100;
  const target = round2(entry + 3 * (entry - stop));
  return { entryIndex, entry, stop, target };
}

/** Writes `data` as JSON in the repository's Prettier layout, so `npm run format:check` stays clean. */
async function writeJson(name, data) {
  const path = join(OUT_DIR, name);
  const options = (await prettier.resolveConfig(path)) ?? {};
  const text = await prettier.format(JSON.stringify(data), { ...options, filepath: path });
  writeFileSync(path, text);
  console.log(`wrote ${path} (${text.length} bytes)`);
}

const nova = candles({ seed: 14, vol: 0.55, drift: 0.45, swing: 0.9, lastClose: 104.2 });
const closes = (series) => series.map((candle) => candle[3]);
// The path in the note is where this generator lived when the files were first written; it stays so
// the files stay byte for byte the same.
const NOTE = 'Generated sample prices (scripts/make-sample-prices.mjs), not market data.';

// The chart's candles, and apart from them the few figures the page itself needs (so the page's own
// chunk stays small and the candles load with the chart).
await writeJson('sample-prices.json', { note: NOTE, start: START, candles: nova });
await writeJson('sample-trade.json', {
  note: NOTE,
  symbol: 'NOVA/USD',
  name: 'Nova, a sample coin',
  start: START,
  setup: openingSetup(nova),
});

await writeJson('sample-portfolio.json', {
  note: NOTE,
  start: START,
  assets: [
    { symbol: 'NOVA', name: 'Nova', kind: 'Sample coin', closes: closes(nova) },
    {
      symbol: 'ORBT',
      name: 'Orbit',
      kind: 'Sample coin',
      closes: closes(candles({ seed: 3, vol: 0.8, drift: -0.05, swing: 1.2, lastClose: 2.84 })),
    },
    {
      symbol: 'TIDE',
      name: 'Tide World Index',
      kind: 'Sample index fund',
      closes: closes(candles({ seed: 42, vol: 0.16, drift: 0.09, swing: 0.2, lastClose: 486.1 })),
    },
    {
      symbol: 'AURM',
      name: 'Aurum',
      kind: 'Sample gold fund',
      closes: closes(
        candles({ seed: 1979, vol: 0.13, drift: 0.06, swing: 0.15, lastClose: 212.75 }),
      ),
    },
  ],
});
