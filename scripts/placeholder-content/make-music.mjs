// Synthesises the music page's bundled tracks and encodes them as MP3 files in content/music/
// (run from the repository root: node scripts/placeholder-content/make-music.mjs). Each track is written out note by note below, with simple
// instruments (an FM electric piano, plucked strings, bells, pads, bass and drums built from sine
// waves and noise), a small reverb and an echo. Any randomness (humanised timing, noise) comes from a
// seeded generator, so the same script always writes the same bytes.
// content/music.json is created with each track's title, description and duration when it is missing;
// when it exists only the durations of the entries whose file this script writes are brought up to
// date, so the owner's own titles, texts and extra tracks stay as they are.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Mp3Encoder } from '@breezystack/lamejs';
import { writeContentIndex } from './content-index.mjs';
import { random } from './random.mjs';

const MUSIC_DIR = 'content/music';
const MUSIC_JSON = 'content/music.json';
const SAMPLE_RATE = 44100;
/** Mono at 96 kbit/s: about 12 KB a second, plenty for these soft synthesised sounds. */
const BITRATE_KBPS = 96;
const TAU = Math.PI * 2;
/** -14 dBFS average level, peaks kept under -1.9 dBFS so the encoded file does not clip. */
const TARGET_RMS = 10 ** (-14 / 20);
const CEILING = 0.8;

const midiToHz = (midi) => 440 * 2 ** ((midi - 69) / 12);

/** A mono buffer that notes are added into; it grows on demand. */
class Bus {
  constructor(seconds) {
    this.data = new Float32Array(Math.ceil(seconds * SAMPLE_RATE));
  }
  add(startSeconds, samples, gain = 1) {
    const start = Math.round(startSeconds * SAMPLE_RATE);
    const end = Math.min(this.data.length, start + samples.length);
    for (let i = Math.max(0, start); i < end; i++) this.data[i] += samples[i - start] * gain;
  }
}

/** One cycle of a waveform from harmonic amplitudes, read with linear interpolation. */
function wavetable(harmonics, size = 4096) {
  const table = new Float32Array(size + 1);
  for (let i = 0; i < size; i++) {
    let value = 0;
    harmonics.forEach((amplitude, k) => {
      value += amplitude * Math.sin((TAU * (k + 1) * i) / size);
    });
    table[i] = value;
  }
  table[size] = table[0];
  let peak = 0;
  for (const value of table) peak = Math.max(peak, Math.abs(value));
  for (let i = 0; i <= size; i++) table[i] /= peak;
  return table;
}

const SOFT_SAW = wavetable(Array.from({ length: 14 }, (_, k) => Math.exp(-k / 4) / (k + 1)));
const BASS = wavetable([1, 0.35, 0.12, 0.05]);
const SOFT_SQUARE = wavetable(
  Array.from({ length: 15 }, (_, k) => (k % 2 === 0 ? Math.exp(-k / 7) / (k + 1) : 0)),
);

function readTable(table, phase) {
  const size = table.length - 1;
  const position = (phase - Math.floor(phase)) * size;
  const i = Math.floor(position);
  return table[i] + (table[i + 1] - table[i]) * (position - i);
}

/** Attack, decay to a sustain level, hold until the note ends, then an exponential release. */
function adsr(t, length, attack, decay, sustain, release) {
  if (t < attack) return t / attack;
  if (t < length) {
    if (t < attack + decay) return 1 - ((1 - sustain) * (t - attack)) / decay;
    return sustain;
  }
  const held =
    length < attack + decay ? 1 - ((1 - sustain) * Math.max(0, length - attack)) / decay : sustain;
  return held * Math.exp((-(t - length) * 5) / release);
}

/** An FM electric piano: a 1:1 pair whose brightness fades, plus a short high "tine" strike. */
function electricPiano(midi, length, velocity, tremolo = 0) {
  const f = midiToHz(midi);
  const release = 0.25;
  const samples = new Float32Array(Math.ceil((length + release) * SAMPLE_RATE));
  const decayTime = 1.8 * (261.6 / f) ** 0.35;
  for (let i = 0; i < samples.length; i++) {
    const t = i / SAMPLE_RATE;
    const index = velocity * (1.3 * Math.exp(-t / 0.35) + 0.25);
    const body = Math.sin(TAU * f * t + index * Math.sin(TAU * f * t));
    const tine =
      f * 14 < 12000 ? 0.12 * velocity * Math.sin(TAU * f * 14 * t) * Math.exp(-t / 0.025) : 0;
    let amplitude = Math.exp(-t / decayTime) * Math.min(1, t / 0.003);
    if (t > length) amplitude *= Math.exp((-(t - length) * 5) / release);
    const wobble = 1 - tremolo * (0.5 + 0.5 * Math.sin(TAU * 4.2 * t));
    samples[i] = (body + tine) * amplitude * velocity * wobble;
  }
  return samples;
}

/** A plucked string (Karplus-Strong): a burst of noise circulating in a loop that softens it. */
function pluck(rand, midi, length, velocity, brightness = 0.5) {
  const f = midiToHz(midi);
  const period = Math.max(2, Math.round(SAMPLE_RATE / f - 0.5));
  const line = new Float32Array(period);
  let previous = 0;
  for (let i = 0; i < period; i++) {
    const noise = rand() * 2 - 1;
    previous = previous + brightness * (noise - previous);
    line[i] = previous;
  }
  const release = 0.12;
  const samples = new Float32Array(Math.ceil((length + release) * SAMPLE_RATE));
  const sustain = 0.996;
  let index = 0;
  for (let i = 0; i < samples.length; i++) {
    const t = i / SAMPLE_RATE;
    const next = (index + 1) % period;
    const value = line[index];
    line[index] = (line[index] + line[next]) * 0.5 * sustain;
    index = next;
    const amplitude = t > length ? Math.exp((-(t - length) * 5) / release) : 1;
    samples[i] = value * amplitude * velocity * 2.2;
  }
  return samples;
}

/** A glassy bell: an FM pair at an inharmonic ratio whose overtones die away before the tone. */
function bell(midi, length, velocity, ratio = 3.5) {
  const f = midiToHz(midi);
  const ring = Math.max(length, 1.6);
  const samples = new Float32Array(Math.ceil(ring * SAMPLE_RATE));
  for (let i = 0; i < samples.length; i++) {
    const t = i / SAMPLE_RATE;
    const index = 2.2 * Math.exp(-t / 0.25);
    const amplitude = Math.exp(-t / 0.7) * Math.min(1, t / 0.002);
    samples[i] =
      Math.sin(TAU * f * t + index * Math.sin(TAU * f * ratio * t)) * amplitude * velocity;
  }
  return samples;
}

/** A wavetable voice with vibrato and an ADSR envelope: pads, bass and the square lead. */
function voice(
  table,
  midi,
  length,
  velocity,
  { attack, decay, sustain, release, vibrato = 0, detune = 0 },
) {
  const f = midiToHz(midi) * 2 ** (detune / 1200);
  const samples = new Float32Array(Math.ceil((length + release) * SAMPLE_RATE));
  let phase = 0;
  for (let i = 0; i < samples.length; i++) {
    const t = i / SAMPLE_RATE;
    const bend = vibrato ? 1 + vibrato * Math.sin(TAU * 5.2 * t) * Math.min(1, t / 0.4) : 1;
    phase += (f * bend) / SAMPLE_RATE;
    samples[i] =
      readTable(table, phase) * adsr(t, length, attack, decay, sustain, release) * velocity;
  }
  return samples;
}

/** Three detuned soft saws that fade in and out slowly. */
function pad(midi, length, velocity) {
  const shape = { attack: 1.2, decay: 1, sustain: 0.8, release: 2 };
  const voices = [-8, 0, 7].map((detune) =>
    voice(SOFT_SAW, midi, length, velocity / 3, { ...shape, detune }),
  );
  const out = voices[0];
  for (const other of voices.slice(1)) for (let i = 0; i < out.length; i++) out[i] += other[i];
  return out;
}

function kick(velocity) {
  const samples = new Float32Array(Math.ceil(0.45 * SAMPLE_RATE));
  let phase = 0;
  for (let i = 0; i < samples.length; i++) {
    const t = i / SAMPLE_RATE;
    phase += (48 + 95 * Math.exp(-t * 28)) / SAMPLE_RATE;
    samples[i] = Math.sin(TAU * phase) * Math.exp(-t * 7) * Math.min(1, t / 0.002) * velocity;
  }
  return samples;
}

/** White noise through a two-stage high-pass (differences), so only the hiss is left. */
function hiss(rand, seconds, decayRate, velocity, attack = 0.001) {
  const samples = new Float32Array(Math.ceil(seconds * SAMPLE_RATE));
  let [x1, y1] = [0, 0];
  for (let i = 0; i < samples.length; i++) {
    const t = i / SAMPLE_RATE;
    const x = rand() * 2 - 1;
    const y = x - x1 - 0.3 * y1;
    x1 = x;
    y1 = y;
    samples[i] = y * Math.exp(-t * decayRate) * Math.min(1, t / attack) * velocity;
  }
  return samples;
}

function snare(rand, velocity) {
  const noise = hiss(rand, 0.3, 16, 0.55 * velocity);
  for (let i = 0; i < noise.length; i++) {
    const t = i / SAMPLE_RATE;
    noise[i] += Math.sin(TAU * 185 * t) * Math.exp(-t * 22) * 0.6 * velocity;
  }
  return noise;
}

const hat = (rand, velocity, open = false) =>
  hiss(rand, open ? 0.3 : 0.07, open ? 14 : 55, 0.3 * velocity);
const shaker = (rand, velocity) => hiss(rand, 0.12, 30, 0.22 * velocity, 0.012);

/** A small Freeverb-style room: eight damped combs in parallel, then four all-passes. */
function reverb(input, roomSize = 0.84, damping = 0.25) {
  const out = new Float32Array(input.length);
  for (const length of [1557, 1617, 1491, 1422, 1277, 1356, 1188, 1116]) {
    const line = new Float32Array(length);
    let index = 0;
    let store = 0;
    for (let i = 0; i < input.length; i++) {
      const value = line[index];
      store = value * (1 - damping) + store * damping;
      line[index] = input[i] * 0.03 + store * roomSize;
      out[i] += value;
      index = (index + 1) % length;
    }
  }
  for (const length of [225, 556, 441, 341]) {
    const line = new Float32Array(length);
    let index = 0;
    for (let i = 0; i < out.length; i++) {
      const delayed = line[index];
      const value = out[i];
      out[i] = delayed - value;
      line[index] = value + delayed * 0.5;
      index = (index + 1) % length;
    }
  }
  return out;
}

/** An echo whose repeats get darker: a feedback delay with a low-pass in the loop. */
function echo(input, seconds, feedback) {
  const delay = Math.round(seconds * SAMPLE_RATE);
  const out = new Float32Array(input.length);
  let low = 0;
  for (let i = delay; i < input.length; i++) {
    const back = input[i - delay] + out[i - delay] * feedback;
    low += 0.35 * (back - low);
    out[i] = low;
  }
  return out;
}

function lowPass(input, cutoffHz) {
  const k = 1 - Math.exp((-TAU * cutoffHz) / SAMPLE_RATE);
  let state = 0;
  for (let i = 0; i < input.length; i++) {
    state += k * (input[i] - state);
    input[i] = state;
  }
  return input;
}

/** Dry bus plus reverb and echo sends, then a soft limiter and fades; returns 16-bit samples. */
function master({ dry, reverbSend, echoSend, echoTime = 0.5, echoFeedback = 0.4, seconds, tone }) {
  const total = Math.ceil(seconds * SAMPLE_RATE);
  const mix = new Float32Array(total);
  const wet = reverb(reverbSend.data);
  const echoed = echoSend ? echo(echoSend.data, echoTime, echoFeedback) : null;
  const echoWet = echoed ? reverb(echoed) : null;
  for (let i = 0; i < total; i++) {
    mix[i] = dry.data[i] + wet[i] * 0.9 + (echoed ? echoed[i] * 0.5 + echoWet[i] * 0.5 : 0);
  }
  if (tone) lowPass(mix, tone);
  // Every track at the same loudness (RMS), with the few peaks above the ceiling rounded off softly.
  let power = 0;
  for (const value of mix) power += value * value;
  const gain = TARGET_RMS / Math.sqrt(power / total);
  const fadeOut = 2.5 * SAMPLE_RATE;
  const pcm = new Int16Array(total);
  for (let i = 0; i < total; i++) {
    let value = CEILING * Math.tanh((mix[i] * gain) / CEILING);
    value *= Math.min(1, i / (0.02 * SAMPLE_RATE));
    if (i > total - fadeOut) value *= (total - i) / fadeOut;
    pcm[i] = Math.round(value * 32767);
  }
  return pcm;
}

/** A helper that knows the tempo: beat positions in, seconds out, with a little human timing. */
function clock(bpm, rand, { swing = 0.5, humanise = 0.004 } = {}) {
  const beat = 60 / bpm;
  return {
    beat,
    at(beats) {
      const whole = Math.floor(beats);
      const fraction = beats - whole;
      const swung = fraction === 0.5 ? swing : fraction;
      return (whole + swung) * beat + (rand() * 2 - 1) * humanise;
    },
    length: (beats) => beats * beat,
  };
}

const vary = (rand, velocity, amount = 0.12) => velocity * (1 - amount / 2 + rand() * amount);

/** Morning Kettle: a warm electric-piano groove in F with a plucked tune over brushed drums. */
function morningKettle(rand) {
  const seconds = 34;
  const time = clock(92, rand);
  const [dry, reverbSend] = [new Bus(seconds), new Bus(seconds)];
  const chords = [
    { notes: [53, 57, 60, 64], bass: 41 },
    { notes: [52, 55, 57, 60], bass: 45 },
    { notes: [53, 57, 58, 62], bass: 46 },
    { notes: [53, 55, 58, 60], bass: 48 },
  ];
  const tune = [
    [0, 1, 72],
    [1, 0.5, 69],
    [1.5, 1.5, 72],
    [3, 1, 76],
    [4, 1.5, 74],
    [5.5, 0.5, 72],
    [6, 2, 69],
    [8, 1, 70],
    [9, 0.5, 72],
    [9.5, 1.5, 74],
    [11, 1, 77],
  ];
  const endings = [
    [
      [12, 1.5, 76],
      [13.5, 0.5, 74],
      [14, 2, 72],
    ],
    [
      [12, 1, 79],
      [13, 1, 76],
      [14, 2, 77],
    ],
  ];
  for (let bar = 0; bar < 12; bar++) {
    const chord = chords[bar % 4];
    const start = bar * 4;
    for (const [offset, length, velocity] of [
      [0, 1.5, 0.55],
      [2.5, 1.5, 0.42],
    ]) {
      for (const note of chord.notes) {
        const sound = electricPiano(note, time.length(length), vary(rand, velocity));
        dry.add(time.at(start + offset), sound, 0.22);
        reverbSend.add(time.at(start + offset), sound, 0.12);
      }
    }
    for (const [offset, length] of [
      [0, 1.5],
      [1.5, 0.5],
      [2, 1.5],
      [3.5, 0.5],
    ]) {
      const note = offset === 3.5 ? chord.bass + 12 : chord.bass;
      const shape = { attack: 0.01, decay: 0.2, sustain: 0.7, release: 0.08 };
      dry.add(
        time.at(start + offset),
        voice(BASS, note, time.length(length) * 0.9, vary(rand, 0.8), shape),
        0.3,
      );
    }
    for (let eighth = 0; eighth < 8; eighth++) {
      const accent = eighth % 2 === 0 ? 0.7 : 0.4;
      dry.add(
        time.at(start + eighth / 2),
        shaker(rand, vary(rand, accent, 0.3)),
        bar < 2 ? 0.5 : 1,
      );
    }
    if (bar >= 2) {
      dry.add(time.at(start), kick(0.9), 0.45);
      dry.add(time.at(start + 2.5), kick(0.6), 0.45);
      for (const beat of [1, 3]) {
        const hit = snare(rand, vary(rand, 0.5));
        dry.add(time.at(start + beat), hit, 0.35);
        reverbSend.add(time.at(start + beat), hit, 0.2);
      }
    }
    if (bar >= 4) {
      const pass = Math.floor((bar - 4) / 4);
      const barInPhrase = (bar - 4) % 4;
      const notes = [...tune, ...endings[pass % 2]].filter(
        ([beat]) => Math.floor(beat / 4) === barInPhrase,
      );
      for (const [beat, length, note] of notes) {
        const sound = pluck(rand, note, time.length(length), vary(rand, 0.8), 0.45);
        const when = time.at(start + (beat % 4));
        dry.add(when, sound, 0.5);
        reverbSend.add(when, sound, 0.3);
      }
    }
  }
  const end = time.at(48);
  for (const note of [53, 57, 60, 64, 67]) {
    const sound = electricPiano(note, 2.5, 0.5);
    dry.add(end, sound, 0.22);
    reverbSend.add(end, sound, 0.15);
  }
  dry.add(
    end,
    voice(BASS, 41, 2.2, 0.8, { attack: 0.01, decay: 0.4, sustain: 0.6, release: 0.6 }),
    0.3,
  );
  dry.add(end, pluck(rand, 77, 2.5, 0.7, 0.45), 0.45);
  return master({ dry, reverbSend, seconds });
}

/** Slow Tide: slow pads in D minor, a sub bass, bells on a long echo and the hush of the sea. */
function slowTide(rand) {
  const seconds = 36;
  const bar = 4;
  const [dry, reverbSend, echoSend] = [new Bus(seconds), new Bus(seconds), new Bus(seconds)];
  const chords = [
    { notes: [50, 53, 57, 60, 64], bass: 38, bells: [62, 65, 69, 72, 74, 76] },
    { notes: [46, 53, 57, 62], bass: 34, bells: [62, 65, 69, 70, 74, 77] },
    { notes: [45, 53, 57, 60, 64], bass: 41, bells: [60, 64, 65, 69, 72, 76] },
    { notes: [48, 55, 60, 62, 64], bass: 36, bells: [60, 62, 64, 67, 72, 74] },
  ];
  const walk = [0, 2, 4, 3, 5, 3, 2, 1];
  for (let b = 0; b < 8; b++) {
    const chord = chords[b % 4];
    const start = b * bar;
    for (const note of chord.notes) {
      const sound = pad(note, bar + 0.4, 0.5);
      dry.add(start, sound, 0.28);
      reverbSend.add(start, sound, 0.25);
    }
    dry.add(
      start,
      voice(BASS, chord.bass, bar, 0.9, { attack: 0.8, decay: 1, sustain: 0.8, release: 1.2 }),
      0.3,
    );
    if (b >= 1) {
      for (let step = 0; step < 8; step++) {
        if (b === 1 && step < 4) continue;
        if (rand() < 0.18) continue;
        const note = chord.bells[walk[(step + b) % walk.length]];
        const when = start + step * 0.5 + (rand() * 2 - 1) * 0.008;
        const sound = bell(note, 1.6, vary(rand, step % 2 === 0 ? 0.55 : 0.38), 3.5);
        dry.add(when, sound, 0.35);
        echoSend.add(when, sound, 0.3);
        reverbSend.add(when, sound, 0.2);
      }
    }
  }
  for (const note of [50, 57, 62, 65, 69]) {
    const sound = pad(note, 2.5, 0.45);
    dry.add(32, sound, 0.28);
    reverbSend.add(32, sound, 0.3);
  }
  dry.add(
    32,
    voice(BASS, 38, 2.5, 0.9, { attack: 0.5, decay: 1, sustain: 0.8, release: 1.2 }),
    0.3,
  );
  const finalBell = bell(74, 3, 0.5, 3.5);
  dry.add(32.5, finalBell, 0.35);
  echoSend.add(32.5, finalBell, 0.3);
  // The sea: low-passed noise breathing in and out about every eight seconds.
  const sea = new Float32Array(seconds * SAMPLE_RATE);
  for (let i = 0; i < sea.length; i++) sea[i] = rand() * 2 - 1;
  lowPass(lowPass(sea, 500), 700);
  for (let i = 0; i < sea.length; i++) {
    const t = i / SAMPLE_RATE;
    sea[i] *= 0.5 + 0.5 * Math.sin((TAU * t) / 8 - Math.PI / 2);
  }
  dry.add(0, sea, 0.2);
  return master({ dry, reverbSend, echoSend, echoTime: 0.75, echoFeedback: 0.45, seconds });
}

/** Paper Lanterns: a lilting 6/8 lullaby in G, plucked arpeggios under a bell tune. */
function paperLanterns(rand) {
  const seconds = 32;
  const eighth = 0.19;
  const barLength = eighth * 6;
  const [dry, reverbSend, echoSend] = [new Bus(seconds), new Bus(seconds), new Bus(seconds)];
  const chords = [
    { arp: [55, 62, 67, 71, 67, 62], bass: 43 },
    { arp: [52, 59, 64, 67, 64, 59], bass: 40 },
    { arp: [48, 55, 60, 64, 60, 55], bass: 36 },
    { arp: [50, 57, 62, 66, 62, 57], bass: 38 },
  ];
  const tune = [
    [0, 3, 74],
    [3, 2, 71],
    [5, 1, 74],
    [6, 3, 76],
    [9, 3, 79],
    [12, 2, 79],
    [14, 1, 76],
    [15, 3, 74],
  ];
  const endings = [
    [
      [18, 2, 74],
      [20, 1, 76],
      [21, 3, 78],
    ],
    [
      [18, 3, 81],
      [21, 3, 78],
    ],
  ];
  const nudge = () => (rand() * 2 - 1) * 0.004;
  for (let b = 0; b < 24; b++) {
    const chord = chords[b % 4];
    const start = b * barLength;
    chord.arp.forEach((note, i) => {
      const sound = pluck(rand, note, eighth * 2, vary(rand, i === 0 ? 0.75 : 0.55), 0.5);
      dry.add(start + i * eighth + nudge(), sound, 0.42);
      reverbSend.add(start + i * eighth, sound, 0.25);
    });
    if (b >= 2) {
      for (const offset of [0, 3]) {
        const shape = { attack: 0.02, decay: 0.3, sustain: 0.6, release: 0.15 };
        dry.add(start + offset * eighth, voice(BASS, chord.bass, eighth * 2.6, 0.85, shape), 0.4);
      }
    }
    if (b >= 4 && b < 22) {
      for (let i = 0; i < 6; i++) {
        dry.add(
          start + i * eighth + nudge(),
          shaker(rand, vary(rand, i % 3 === 0 ? 0.8 : 0.45, 0.3)),
          0.7,
        );
      }
    }
    if (b >= 4 && b < 20) {
      const pass = Math.floor((b - 4) / 4);
      const barInPhrase = (b - 4) % 4;
      const notes = [...tune, ...endings[pass % 2]].filter(
        ([at]) => Math.floor(at / 6) === barInPhrase,
      );
      for (const [at, length, note] of notes) {
        const sound = bell(note, eighth * length + 0.8, vary(rand, 0.5), 2);
        const when = start + (at % 6) * eighth + nudge();
        dry.add(when, sound, 0.3);
        echoSend.add(when, sound, 0.2);
        reverbSend.add(when, sound, 0.25);
      }
    }
  }
  const end = 24 * barLength;
  for (const note of [43, 55, 62, 67, 71, 74]) {
    const sound = pluck(rand, note, 3, 0.6, 0.5);
    dry.add(end + (note - 43) * 0.004, sound, 0.4);
    reverbSend.add(end, sound, 0.3);
  }
  const last = bell(79, 3, 0.5, 2);
  dry.add(end, last, 0.3);
  echoSend.add(end, last, 0.25);
  return master({ dry, reverbSend, echoSend, echoTime: eighth * 3, echoFeedback: 0.35, seconds });
}

/** Night Bus: a slow, swung lo-fi loop in D minor with a soft vibraphone line. */
function nightBus(rand) {
  const seconds = 35;
  const time = clock(76, rand, { swing: 0.6, humanise: 0.006 });
  const [dry, reverbSend] = [new Bus(seconds), new Bus(seconds)];
  const chords = [
    { notes: [53, 57, 60, 64], bass: 38 },
    { notes: [53, 59, 64, 67], bass: 43 },
    { notes: [52, 55, 59, 62], bass: 36 },
    { notes: [55, 61, 65, 67], bass: 45 },
  ];
  const motif = [
    [
      [1.5, 0.5, 77],
      [2, 0.5, 76],
      [2.5, 1.5, 72],
    ],
    [
      [1.5, 0.5, 74],
      [2, 2, 71],
    ],
    [
      [1.5, 0.5, 76],
      [2, 0.5, 74],
      [2.5, 1.5, 71],
    ],
    [
      [1.5, 0.5, 73],
      [2, 2, 69],
    ],
  ];
  for (let b = 0; b < 10; b++) {
    const chord = chords[b % 4];
    const start = b * 4;
    for (const [offset, length, velocity] of [
      [0, 1.7, 0.5],
      [2.5, 1.2, 0.4],
    ]) {
      chord.notes.forEach((note, i) => {
        const sound = electricPiano(note, time.length(length), vary(rand, velocity), 0.25);
        const when = time.at(start + offset) + i * 0.012;
        dry.add(when, sound, 0.22);
        reverbSend.add(when, sound, 0.14);
      });
    }
    if (b >= 1) {
      for (const [offset, length] of [
        [0, 1.2],
        [1.5, 0.5],
        [2.5, 1.3],
      ]) {
        const shape = { attack: 0.015, decay: 0.3, sustain: 0.7, release: 0.1 };
        dry.add(
          time.at(start + offset),
          voice(BASS, chord.bass, time.length(length), vary(rand, 0.85), shape),
          0.35,
        );
      }
    }
    for (let eighth = 0; eighth < 8; eighth++) {
      const velocity = eighth % 2 === 0 ? 0.6 : 0.35;
      dry.add(time.at(start + eighth / 2), hat(rand, vary(rand, velocity, 0.3)), b < 1 ? 0.4 : 0.8);
    }
    if (b >= 1) {
      dry.add(time.at(start), kick(0.95), 0.45);
      dry.add(time.at(start + 2.5), kick(0.7), 0.45);
      if (b % 2 === 1) dry.add(time.at(start + 3.5), kick(0.5), 0.45);
      for (const beat of [1, 3]) {
        const hit = snare(rand, vary(rand, 0.6));
        dry.add(time.at(start + beat), hit, 0.35);
        reverbSend.add(time.at(start + beat), hit, 0.25);
      }
    }
    if (b >= 2) {
      for (const [beat, length, note] of motif[b % 4]) {
        const sound = bell(note, time.length(length) + 0.6, vary(rand, 0.45), 4);
        dry.add(time.at(start + beat), sound, 0.28);
        reverbSend.add(time.at(start + beat), sound, 0.22);
      }
    }
  }
  const end = time.at(40);
  for (const note of [50, 53, 57, 60, 64]) {
    const sound = electricPiano(note, 2.6, 0.45, 0.25);
    dry.add(end, sound, 0.22);
    reverbSend.add(end, sound, 0.2);
  }
  dry.add(
    end,
    voice(BASS, 38, 2.4, 0.85, { attack: 0.02, decay: 0.5, sustain: 0.6, release: 0.6 }),
    0.35,
  );
  dry.add(end, kick(0.8), 0.45);
  return master({ dry, reverbSend, seconds, tone: 5200 });
}

/** Copper Sky: a bright, driving tune in A with a square-wave lead, arpeggios and a full kit. */
function copperSky(rand) {
  const seconds = 33;
  const time = clock(124, rand, { humanise: 0.003 });
  const [dry, reverbSend, echoSend] = [new Bus(seconds), new Bus(seconds), new Bus(seconds)];
  const chords = [
    { tones: [57, 61, 64, 69], bass: 45 },
    { tones: [56, 59, 64, 68], bass: 40 },
    { tones: [57, 61, 66, 69], bass: 42 },
    { tones: [57, 62, 66, 69], bass: 38 },
  ];
  const tune = [
    [
      [0, 1, 76],
      [1, 0.5, 73],
      [1.5, 0.5, 76],
      [2, 1.5, 81],
      [3.5, 0.5, 80],
    ],
    [
      [0, 1, 78],
      [1, 1, 76],
      [2, 2, 71],
    ],
    [
      [0, 1, 73],
      [1, 0.5, 76],
      [1.5, 0.5, 78],
      [2, 1, 81],
      [3, 0.5, 80],
      [3.5, 0.5, 78],
    ],
    [
      [0, 1.5, 76],
      [1.5, 0.5, 74],
      [2, 1, 73],
      [3, 1, 71],
    ],
  ];
  const lastBar = [
    [0, 1, 71],
    [1, 1, 73],
    [2, 1, 74],
    [3, 1, 76],
  ];
  const leadShape = { attack: 0.01, decay: 0.15, sustain: 0.7, release: 0.12, vibrato: 0.004 };
  const arpShape = { attack: 0.003, decay: 0.08, sustain: 0.3, release: 0.05 };
  for (let b = 0; b < 16; b++) {
    const chord = chords[b % 4];
    const start = b * 4;
    for (let step = 0; step < 16; step++) {
      const pattern = [0, 1, 2, 3, 2, 1, 2, 3];
      const note = chord.tones[pattern[step % 8]] + 12;
      const sound = voice(
        SOFT_SQUARE,
        note,
        time.length(0.2),
        vary(rand, step % 4 === 0 ? 0.6 : 0.4),
        arpShape,
      );
      dry.add(time.at(start + step / 4), sound, b < 4 ? 0.16 : 0.11);
      echoSend.add(time.at(start + step / 4), sound, 0.05);
    }
    for (let eighth = 0; eighth < 8; eighth++) {
      const note = chord.bass - 12 + (eighth % 2 === 1 ? 12 : 0);
      const shape = { attack: 0.005, decay: 0.12, sustain: 0.6, release: 0.05 };
      dry.add(
        time.at(start + eighth / 2),
        voice(BASS, note, time.length(0.4), vary(rand, 0.85), shape),
        b < 2 ? 0.22 : 0.35,
      );
    }
    if (b >= 2) {
      for (let beat = 0; beat < 4; beat++) dry.add(time.at(start + beat), kick(0.95), 0.45);
    }
    if (b >= 4) {
      for (const beat of [1, 3]) {
        const hit = snare(rand, vary(rand, 0.75));
        dry.add(time.at(start + beat), hit, 0.38);
        reverbSend.add(time.at(start + beat), hit, 0.25);
      }
      for (let beat = 0; beat < 4; beat++) {
        dry.add(time.at(start + beat + 0.5), hat(rand, vary(rand, 0.6), true), 0.55);
        dry.add(time.at(start + beat), hat(rand, vary(rand, 0.35)), 0.55);
      }
    }
    if (b >= 4) {
      const phrase = (b - 4) % 4;
      const notes = phrase === 3 && b === 11 ? lastBar : tune[phrase];
      for (const [beat, length, note] of notes) {
        const sound = voice(
          SOFT_SQUARE,
          note,
          time.length(length) * 0.92,
          vary(rand, 0.7),
          leadShape,
        );
        dry.add(time.at(start + beat), sound, 0.2);
        reverbSend.add(time.at(start + beat), sound, 0.15);
        echoSend.add(time.at(start + beat), sound, 0.1);
      }
    }
  }
  const end = time.at(64);
  for (const note of [57, 61, 64, 69, 76]) {
    const sound = voice(SOFT_SQUARE, note, 1.2, 0.5, {
      attack: 0.005,
      decay: 0.6,
      sustain: 0.4,
      release: 0.8,
    });
    dry.add(end, sound, 0.15);
    reverbSend.add(end, sound, 0.25);
  }
  dry.add(
    end,
    voice(BASS, 33, 1.2, 0.9, { attack: 0.005, decay: 0.4, sustain: 0.6, release: 0.5 }),
    0.35,
  );
  dry.add(end, kick(1), 0.45);
  const crash = hat(rand, 1, true);
  dry.add(end, crash, 0.6);
  return master({
    dry,
    reverbSend,
    echoSend,
    echoTime: time.beat * 0.75,
    echoFeedback: 0.3,
    seconds,
  });
}

/** MPEG-1 Layer III frames in the encoder's output, for the duration a player will show. */
function countFrames(mp3) {
  const BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  let frames = 0;
  let offset = 0;
  while (offset + 4 <= mp3.length) {
    if (mp3[offset] !== 0xff || (mp3[offset + 1] & 0xe0) !== 0xe0)
      throw new Error(`no frame at ${offset}`);
    const bitrate = BITRATES[mp3[offset + 2] >> 4] * 1000;
    const padding = (mp3[offset + 2] >> 1) & 1;
    offset += Math.floor((144 * bitrate) / SAMPLE_RATE) + padding;
    frames++;
  }
  return frames;
}

function encodeMp3(pcm) {
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, BITRATE_KBPS);
  const chunks = [];
  for (let i = 0; i < pcm.length; i += 1152)
    chunks.push(encoder.encodeBuffer(pcm.subarray(i, i + 1152)));
  chunks.push(encoder.flush());
  const bytes = Buffer.concat(
    chunks.map((chunk) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length)),
  );
  return { bytes, duration: (countFrames(bytes) * 1152) / SAMPLE_RATE };
}

/** The bundled tracks: file, seed, composition, and the texts content/music.json starts with. */
const TRACKS = [
  {
    file: 'morning-kettle.mp3',
    seed: 101,
    compose: morningKettle,
    title: 'Morning Kettle',
    description:
      'A warm electric-piano groove in F for the first coffee of the day, with a plucked tune and brushed drums.',
  },
  {
    file: 'slow-tide.mp3',
    seed: 202,
    compose: slowTide,
    title: 'Slow Tide',
    description:
      'Slow pads in D minor, bells drifting on a long echo and the hush of the sea underneath. Made for reading.',
  },
  {
    file: 'paper-lanterns.mp3',
    seed: 303,
    compose: paperLanterns,
    title: 'Paper Lanterns',
    description:
      'A lilting lullaby in six-eight: plucked strings rocking under a bell melody in G major.',
  },
  {
    file: 'night-bus.mp3',
    seed: 404,
    compose: nightBus,
    title: 'Night Bus',
    description:
      'A swung, low-lit loop with soft keys and a vibraphone line, for the ride home after a long day.',
  },
  {
    file: 'copper-sky.mp3',
    seed: 505,
    compose: copperSky,
    title: 'Copper Sky',
    description: 'Bright square-wave arpeggios and a driving beat in A major, the one to turn up.',
  },
];

mkdirSync(MUSIC_DIR, { recursive: true });
const durations = new Map();
for (const track of TRACKS) {
  const pcm = track.compose(random(track.seed));
  const { bytes, duration } = encodeMp3(pcm);
  writeFileSync(join(MUSIC_DIR, track.file), bytes);
  durations.set(`music/${track.file}`, Math.round(duration * 100) / 100);
  console.log(
    `${MUSIC_DIR}/${track.file}  ${duration.toFixed(2)} s  ${(bytes.length / 1024).toFixed(0)} KB`,
  );
}

writeContentIndex(MUSIC_JSON, 'tracks', {
  what: 'durations',
  update: (entry) => {
    const duration = durations.get(entry.file);
    if (duration !== undefined) entry.duration = duration;
  },
  create: () =>
    TRACKS.map(({ file, title, description }) => ({
      title,
      description,
      file: `music/${file}`,
      duration: durations.get(`music/${file}`),
    })),
});
