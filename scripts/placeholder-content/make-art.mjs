// Draws the gallery's bundled artworks as SVG files in content/art/ (run from the repository root:
// node scripts/placeholder-content/make-art.mjs).
// Every piece comes from its own seeded random generator, so the same script always writes the same
// bytes. content/art.json is created with each piece's title and texts when it is missing; when it
// exists only the width and height of the entries whose file this script draws are brought up to date,
// so the owner's own titles, texts and extra artworks stay as they are.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeContentIndex } from './content-index.mjs';
import { random } from './random.mjs';

const ART_DIR = 'content/art';
const ART_JSON = 'content/art.json';

/** Smooth 1-D value noise over integer lattice points, in [-1, 1]. */
function noise1(rand, size = 256) {
  const values = Array.from({ length: size }, () => rand() * 2 - 1);
  return (x) => {
    const i = Math.floor(x);
    const f = x - i;
    const s = f * f * (3 - 2 * f);
    const a = values[((i % size) + size) % size];
    const b = values[(((i + 1) % size) + size) % size];
    return a + (b - a) * s;
  };
}

/** Smooth 2-D value noise, in [-1, 1]. */
function noise2(rand, size = 64) {
  const values = Array.from({ length: size * size }, () => rand() * 2 - 1);
  const at = (x, y) => values[(((y % size) + size) % size) * size + (((x % size) + size) % size)];
  return (x, y) => {
    const i = Math.floor(x);
    const j = Math.floor(y);
    const fx = x - i;
    const fy = y - j;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    const top = at(i, j) + (at(i + 1, j) - at(i, j)) * sx;
    const bottom = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * sx;
    return top + (bottom - top) * sy;
  };
}

const n = (value) => {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

/** A closed or open smooth path through points (Catmull-Rom turned into cubic Béziers). */
function smoothPath(points, closed) {
  const count = points.length;
  const point = (i) =>
    closed ? points[(i + count) % count] : points[Math.max(0, Math.min(count - 1, i))];
  let d = `M${n(points[0][0])} ${n(points[0][1])}`;
  const last = closed ? count : count - 1;
  for (let i = 0; i < last; i++) {
    const [p0, p1, p2, p3] = [point(i - 1), point(i), point(i + 1), point(i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

function svg(width, height, body, defs = '') {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    (defs ? `<defs>${defs}</defs>` : '') +
    body +
    '</svg>\n'
  );
}

const stop = ([offset, color, opacity = 1]) =>
  `<stop offset="${offset}" stop-color="${color}"${opacity === 1 ? '' : ` stop-opacity="${opacity}"`}/>`;

/** A top-to-bottom gradient; each stop is [offset, colour, opacity?]. */
const linear = (id, stops) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops.map(stop).join('')}</linearGradient>`;

const radial = (id, stops) =>
  `<radialGradient id="${id}">${stops.map(stop).join('')}</radialGradient>`;

/** Layered wave bands under a low sun, the water broken into short strokes of reflected light. */
function harbourAtDusk(rand) {
  const [w, h] = [1200, 900];
  const horizon = 470;
  const wave = noise1(rand);
  const sea = [
    '#f2a65a',
    '#e07a5f',
    '#b5577a',
    '#7d4e8c',
    '#4f4a8a',
    '#2f3f74',
    '#22305c',
    '#1a2547',
  ];
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += `<circle cx="760" cy="${horizon - 40}" r="260" fill="url(#glow)"/>`;
  body += `<circle cx="760" cy="${horizon - 40}" r="92" fill="#fde3b0"/>`;
  sea.forEach((color, layer) => {
    const top = horizon + layer * 58 - 20;
    const points = [];
    for (let x = -50; x <= w + 50; x += 75) {
      points.push([x, top + wave(x / 160 + layer * 7.3) * (10 + layer * 4)]);
    }
    body += `<path d="${smoothPath(points, false)}L${w + 50} ${h}L-50 ${h}Z" fill="${color}"/>`;
  });
  let glints = '';
  for (let i = 0; i < 70; i++) {
    const y = horizon + 10 + rand() ** 1.6 * 360;
    const spread = 40 + (y - horizon) * 0.55;
    const x = 760 + (rand() * 2 - 1) * spread;
    const len = 10 + rand() * (26 + (y - horizon) * 0.12);
    glints += `M${n(x - len / 2)} ${n(y)}h${n(len)}`;
  }
  body += `<path d="${glints}" stroke="#fde3b0" stroke-width="3" stroke-linecap="round" opacity=".7"/>`;
  const defs =
    linear('sky', [
      [0, '#2b2d5c'],
      [0.45, '#a4507a'],
      [1, '#f6b26b'],
    ]) +
    radial('glow', [
      [0, '#ffd59a', 0.8],
      [1, '#ffd59a', 0],
    ]);
  return { width: w, height: h, svg: svg(w, h, body, defs) };
}

/** Ridge after ridge fading into the haze, drawn by midpoint displacement. */
function paperMountains(rand) {
  const [w, h] = [1200, 900];
  const colors = ['#d9d4e7', '#b8b0d3', '#948bb8', '#6f6799', '#4c4677', '#2f2b52'];
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += `<circle cx="330" cy="250" r="70" fill="#fff4e0" opacity=".9"/>`;
  colors.forEach((color, layer) => {
    const steps = 64;
    const heights = new Array(steps + 1).fill(0);
    heights[0] = rand();
    heights[steps] = rand();
    for (let size = steps; size > 1; size /= 2) {
      for (let i = size / 2; i < steps; i += size) {
        heights[i] =
          (heights[i - size / 2] + heights[i + size / 2]) / 2 +
          (rand() * 2 - 1) * (size / steps) * 0.9;
      }
    }
    const base = 360 + layer * 85;
    const points = heights.map((value, i) => [(i / steps) * w, base - value * (150 - layer * 12)]);
    const d = points.map(([x, y], i) => `${i ? 'L' : 'M'}${n(x)} ${n(y)}`).join('');
    body += `<path d="${d}L${w} ${h}L0 ${h}Z" fill="${color}"/>`;
    if (layer < colors.length - 1) {
      body += `<rect y="${base - 40}" width="${w}" height="${h - base + 40}" fill="url(#mist)" opacity=".35"/>`;
    }
  });
  const defs =
    linear('sky', [
      [0, '#f7d6c1'],
      [1, '#eae3f2'],
    ]) +
    linear('mist', [
      [0, '#ffffff', 0],
      [0.5, '#ffffff'],
    ]);
  return { width: w, height: h, svg: svg(w, h, body, defs) };
}

/** Rings pushed out of round by a slow noise, like the grain of a cut log or a contour map. */
function contourStudy(rand) {
  const [w, h] = [960, 1200];
  const field = noise2(rand);
  const centres = [
    [430, 480],
    [650, 880],
  ];
  let body = `<rect width="${w}" height="${h}" fill="#f3ecdf"/>`;
  centres.forEach(([cx, cy], c) => {
    const rings = c === 0 ? 26 : 18;
    for (let r = 1; r <= rings; r++) {
      const radius = r * (c === 0 ? 17 : 15);
      const points = [];
      const count = 24;
      for (let i = 0; i < count; i++) {
        const angle = (i / count) * Math.PI * 2;
        const wobble =
          field(Math.cos(angle) * 1.5 + c * 9 + r * 0.05, Math.sin(angle) * 1.5 + r * 0.08) *
          (8 + r * 2.4);
        points.push([
          cx + Math.cos(angle) * (radius + wobble),
          cy + Math.sin(angle) * (radius + wobble),
        ]);
      }
      const accent = r % 5 === 0;
      body += `<path d="${smoothPath(points, true)}" fill="none" stroke="${accent ? '#c2562b' : '#3d3a4b'}" stroke-width="${accent ? 3.5 : 1.6}" opacity="${accent ? 0.95 : 0.7}"/>`;
    }
  });
  body += `<circle cx="${centres[0][0]}" cy="${centres[0][1]}" r="9" fill="#c2562b"/>`;
  return { width: w, height: h, svg: svg(w, h, body) };
}

/** Quarter-circle tiles turned at random; the arcs join into paths that wander across the grid. */
function truchetGarden(rand) {
  const [w, h] = [1200, 1200];
  const cells = 12;
  const size = w / cells;
  const colors = ['#2a9d8f', '#e9c46a', '#f4a261', '#e76f51', '#264653'];
  let body = `<rect width="${w}" height="${h}" fill="#fbf3e4"/>`;
  const byColor = new Map(colors.map((color) => [color, '']));
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      const x = col * size;
      const y = row * size;
      const r = size / 2;
      const color = colors[Math.floor(((row + col) / (cells * 2 - 1)) * colors.length)];
      const arcs =
        rand() < 0.5
          ? `M${x + r} ${y}A${r} ${r} 0 0 1 ${x} ${y + r}M${x + size} ${y + r}A${r} ${r} 0 0 0 ${x + r} ${y + size}`
          : `M${x + r} ${y}A${r} ${r} 0 0 0 ${x + size} ${y + r}M${x} ${y + r}A${r} ${r} 0 0 1 ${x + r} ${y + size}`;
      byColor.set(color, byColor.get(color) + arcs);
    }
  }
  for (const [color, d] of byColor) {
    body += `<path d="${d}" fill="none" stroke="${color}" stroke-width="22" stroke-linecap="round"/>`;
  }
  return { width: w, height: h, svg: svg(w, h, body) };
}

/** A halftone sun: dots that swell towards a warm centre and shrink along a slow wave. */
function halftoneSun(rand) {
  const [w, h] = [1200, 900];
  const step = 30;
  const [cx, cy] = [600 + (rand() - 0.5) * 80, 420];
  const field = noise2(rand);
  const colors = ['#ffd166', '#f8961e', '#f3722c', '#d1495b', '#8d3b72', '#4a3a6b'];
  const groups = colors.map(() => '');
  for (let y = step / 2; y < h; y += step) {
    for (let x = step / 2; x < w; x += step) {
      const distance = Math.hypot(x - cx, y - cy) / 620;
      const swell = 1 - distance + field(x / 180, y / 180) * 0.18;
      const radius = Math.max(0, Math.min(1, swell)) * step * 0.48;
      if (radius < 1.2) continue;
      const band = Math.min(colors.length - 1, Math.max(0, Math.floor(distance * colors.length)));
      groups[band] += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}"/>`;
    }
  }
  let body = `<rect width="${w}" height="${h}" fill="#1f1a2e"/>`;
  groups.forEach((circles, i) => {
    body += `<g fill="${colors[i]}">${circles}</g>`;
  });
  return { width: w, height: h, svg: svg(w, h, body) };
}

/** A Bauhaus-minded grid: each cell holds one plain shape, and together they keep a quiet rhythm. */
function quietGeometry(rand) {
  const [w, h] = [960, 1200];
  const cols = 3;
  const rows = 4;
  const size = 280;
  const gap = 20;
  const x0 = (w - cols * size - (cols - 1) * gap) / 2;
  const y0 = (h - rows * size - (rows - 1) * gap) / 2;
  const palette = ['#e4572e', '#f3a712', '#29335c', '#669bbc', '#f0e6d6', '#1d1d1f'];
  const pick = () => palette[Math.floor(rand() * palette.length)];
  let body = `<rect width="${w}" height="${h}" fill="#efe7da"/>`;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x = x0 + col * (size + gap);
      const y = y0 + row * (size + gap);
      let background = pick();
      let shape = pick();
      while (shape === background) shape = pick();
      body += `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${background}"/>`;
      const motif = Math.floor(rand() * 5);
      const turn = Math.floor(rand() * 4) * 90;
      const c = [x + size / 2, y + size / 2];
      const rotate = `transform="rotate(${turn} ${c[0]} ${c[1]})"`;
      if (motif === 0) {
        body += `<circle cx="${c[0]}" cy="${c[1]}" r="${size * 0.36}" fill="${shape}"/>`;
      } else if (motif === 1) {
        body += `<path d="M${x} ${y + size}A${size} ${size} 0 0 1 ${x + size} ${y}V${y + size}Z" fill="${shape}" ${rotate}/>`;
      } else if (motif === 2) {
        body += `<path d="M${x} ${c[1]}A${size / 2} ${size / 2} 0 0 1 ${x + size} ${c[1]}Z" fill="${shape}" ${rotate}/>`;
      } else if (motif === 3) {
        body += `<path d="M${x} ${y + size}L${c[0]} ${y}L${x + size} ${y + size}Z" fill="${shape}" ${rotate}/>`;
      } else {
        let stripes = '';
        for (let i = 0; i < 5; i++) stripes += `M${x} ${y + 28 + i * 56}h${size}`;
        body += `<path d="${stripes}" stroke="${shape}" stroke-width="22" ${rotate}/>`;
      }
      background = shape;
    }
  }
  return { width: w, height: h, svg: svg(w, h, body) };
}

/** Light trails through a slow flow field over a night sky with a scatter of stars. */
function nightTransit(rand) {
  const [w, h] = [1200, 900];
  const field = noise2(rand);
  const colors = ['#ffb703', '#fb8500', '#f15bb5', '#9b5de5', '#00bbf9'];
  let stars = '';
  for (let i = 0; i < 140; i++) {
    stars += `<circle cx="${n(rand() * w)}" cy="${n(rand() * h * 0.7)}" r="${n(0.6 + rand() * 1.6)}"/>`;
  }
  let body = `<rect width="${w}" height="${h}" fill="url(#night)"/><g fill="#fff" opacity=".75">${stars}</g>`;
  const trails = colors.map(() => '');
  for (let i = 0; i < 72; i++) {
    let x = -60 + rand() * 160;
    let y = 260 + (i / 72) * 620 + rand() * 30;
    const points = [[x, y]];
    for (let s = 0; s < 24; s++) {
      const angle = field(x / 300, y / 300) * 0.9 - 0.18;
      x += Math.cos(angle) * 62;
      y += Math.sin(angle) * 62;
      points.push([x, y]);
      if (x > w + 40) break;
    }
    trails[i % colors.length] += `<path d="${smoothPath(points, false)}"/>`;
  }
  trails.forEach((paths, i) => {
    body += `<g fill="none" stroke="${colors[i]}" stroke-width="${1.5 + (i % 3)}" stroke-linecap="round" opacity=".55">${paths}</g>`;
  });
  const defs = linear('night', [
    [0, '#0b1026'],
    [0.7, '#1c2a5a'],
    [1, '#3b2f63'],
  ]);
  return { width: w, height: h, svg: svg(w, h, body, defs) };
}

/** Five-petal blossoms scattered over soft green, thinning out towards the edges. */
function orchardInBloom(rand) {
  const [w, h] = [1200, 900];
  const petals = ['#ffffff', '#ffd6e0', '#ffb3c6', '#fcd5ce'];
  let body = `<rect width="${w}" height="${h}" fill="url(#leaf)"/>`;
  let branches = '';
  for (let i = 0; i < 5; i++) {
    const points = [];
    let x = rand() * w;
    let y = h + 20;
    for (let s = 0; s < 6; s++) {
      points.push([x, y]);
      x += (rand() - 0.5) * 260;
      y -= 120 + rand() * 80;
    }
    branches += `<path d="${smoothPath(points, false)}"/>`;
  }
  body += `<g fill="none" stroke="#4a3b2f" stroke-width="12" stroke-linecap="round" opacity=".4">${branches}</g>`;
  let blossoms = '';
  for (let i = 0; i < 110; i++) {
    const x = w / 2 + (rand() + rand() - 1) * w * 0.62;
    const y = h / 2 + (rand() + rand() - 1) * h * 0.62;
    const scale = 0.6 + rand() * 1.1;
    const turn = Math.floor(rand() * 72);
    const color = petals[Math.floor(rand() * petals.length)];
    blossoms += `<use href="#b" transform="translate(${n(x)} ${n(y)}) rotate(${turn}) scale(${n(scale)})" fill="${color}"/>`;
  }
  body += blossoms;
  const defs =
    linear('leaf', [
      [0, '#cfe3c3'],
      [1, '#7fa77a'],
    ]) +
    '<g id="b">' +
    [0, 72, 144, 216, 288]
      .map((angle) => `<ellipse cy="-13" rx="9" ry="13" transform="rotate(${angle})"/>`)
      .join('') +
    '<circle r="5" fill="#f4a259"/></g>';
  return { width: w, height: h, svg: svg(w, h, body, defs) };
}

/** Diamond kites on long curving strings under a pale afternoon sky. */
function sundayKites(rand) {
  const [w, h] = [960, 1200];
  const colors = ['#ef476f', '#ffd166', '#06d6a0', '#118ab2', '#f78c6b', '#8338ec'];
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  for (let i = 0; i < 4; i++) {
    const y = 150 + rand() * 500;
    const x = rand() * w;
    body += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(120 + rand() * 120)}" ry="${n(26 + rand() * 20)}" fill="#fff" opacity=".6"/>`;
  }
  const anchor = [w * 0.45, h + 30];
  for (let i = 0; i < 7; i++) {
    const x = 90 + rand() * (w - 180);
    const y = 110 + rand() * 620;
    const size = 56 + rand() * 54;
    const tilt = n(-25 + rand() * 50);
    const color = colors[i % colors.length];
    const sag = 80 + rand() * 140;
    body += `<path d="M${n(x)} ${n(y + size * 1.3)}Q${n((x + anchor[0]) / 2 + sag)} ${n((y + anchor[1]) / 2)} ${anchor[0]} ${anchor[1]}" fill="none" stroke="#4b4453" stroke-width="1.6" opacity=".6"/>`;
    let tail = `M${n(x)} ${n(y + size * 1.3)}`;
    for (let t = 1; t <= 4; t++) {
      tail += `Q${n(x + (t % 2 ? 22 : -22))} ${n(y + size * 1.3 + t * 26 - 13)} ${n(x)} ${n(y + size * 1.3 + t * 26)}`;
    }
    body +=
      `<g transform="rotate(${tilt} ${n(x)} ${n(y)})">` +
      `<path d="${tail}" fill="none" stroke="${color}" stroke-width="3"/>` +
      `<path d="M${n(x)} ${n(y - size)}L${n(x + size * 0.7)} ${n(y)}L${n(x)} ${n(y + size * 1.3)}L${n(x - size * 0.7)} ${n(y)}Z" fill="${color}"/>` +
      `<path d="M${n(x)} ${n(y - size)}L${n(x + size * 0.7)} ${n(y)}L${n(x)} ${n(y)}Z" fill="#fff" opacity=".28"/>` +
      `<path d="M${n(x)} ${n(y - size)}V${n(y + size * 1.3)}M${n(x - size * 0.7)} ${n(y)}H${n(x + size * 0.7)}" stroke="#2b2d42" stroke-width="2" opacity=".5"/>` +
      '</g>';
  }
  const defs = linear('sky', [
    [0, '#a9d6e5'],
    [1, '#fdf0d5'],
  ]);
  return { width: w, height: h, svg: svg(w, h, body, defs) };
}

/** Translucent ribbons laid over each other at two angles, so the colours mix where they cross. */
function wovenLight(rand) {
  const [w, h] = [1200, 900];
  const colors = ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93'];
  let body = `<rect width="${w}" height="${h}" fill="#fdf8ef"/>`;
  for (let i = 0; i < 9; i++) {
    const x = -200 + i * 170 + rand() * 60;
    const width = 60 + rand() * 70;
    body += `<rect x="${n(x)}" y="-400" width="${n(width)}" height="1700" fill="${colors[i % colors.length]}" opacity=".5" transform="rotate(28 600 450)"/>`;
  }
  for (let i = 0; i < 7; i++) {
    const y = -150 + i * 180 + rand() * 60;
    const height = 50 + rand() * 70;
    body += `<rect x="-300" y="${n(y)}" width="1800" height="${n(height)}" fill="${colors[(i + 2) % colors.length]}" opacity=".45" transform="rotate(-14 600 450)"/>`;
  }
  return { width: w, height: h, svg: svg(w, h, body) };
}

/** Smooth stones packed on wet sand: circles grown until they touch, each with a soft highlight. */
function pebbleBeach(rand) {
  const [w, h] = [1200, 900];
  const colors = ['#8d7b68', '#a4907c', '#c8b6a6', '#6b5e51', '#b7a48f', '#534a41', '#d9c7b4'];
  const stones = [];
  for (let attempt = 0; attempt < 20000 && stones.length < 240; attempt++) {
    const x = rand() * w;
    const y = rand() * h;
    let room = 70 + rand() * 30;
    for (const stone of stones) {
      room = Math.min(room, Math.hypot(stone.x - x, stone.y - y) - stone.r - 7);
    }
    if (room < 12) continue;
    stones.push({ x, y, r: room });
  }
  let body = `<rect width="${w}" height="${h}" fill="#e9dfd2"/>`;
  for (const { x, y, r } of stones) {
    const turn = Math.floor(rand() * 180);
    const squash = n(0.72 + rand() * 0.2);
    const color = colors[Math.floor(rand() * colors.length)];
    body +=
      `<g transform="translate(${n(x)} ${n(y)}) rotate(${turn})">` +
      `<ellipse rx="${n(r)}" ry="${n(r * squash)}" fill="${color}"/>` +
      `<ellipse cx="${n(-r * 0.25)}" cy="${n(-r * 0.22 * squash)}" rx="${n(r * 0.5)}" ry="${n(r * 0.28 * squash)}" fill="#fff" opacity=".16"/>` +
      '</g>';
  }
  return { width: w, height: h, svg: svg(w, h, body) };
}

/** Nested half rings rising from the bottom edge, a sunrise drawn with a compass. */
function sunriseArcs(rand) {
  const [w, h] = [960, 1200];
  const colors = ['#264653', '#2a9d8f', '#8ab17d', '#e9c46a', '#f4a261', '#e76f51', '#c0504d'];
  let body = `<rect width="${w}" height="${h}" fill="#f6efe3"/>`;
  const suns = [
    [360, 760, 7],
    [700, 1060, 5],
  ];
  for (const [cx, cy, rings] of suns) {
    for (let ring = rings; ring >= 1; ring--) {
      const r = ring * 44 + rand() * 6;
      const color = colors[(ring + (cx > 500 ? 3 : 0)) % colors.length];
      body += `<path d="M${n(cx - r)} ${cy}A${n(r)} ${n(r)} 0 0 1 ${n(cx + r)} ${cy}Z" fill="${color}"/>`;
    }
  }
  body += `<path d="M0 760H${w}" stroke="#264653" stroke-width="4"/>`;
  body += `<path d="M0 1060H${w}" stroke="#264653" stroke-width="4"/>`;
  body += `<circle cx="760" cy="250" r="44" fill="#e76f51"/>`;
  return { width: w, height: h, svg: svg(w, h, body) };
}

/** The bundled pieces: file, seed, drawing, and the texts content/art.json starts with. */
const ARTWORKS = [
  {
    file: 'harbour-at-dusk.svg',
    seed: 1701,
    draw: harbourAtDusk,
    title: 'Harbour at Dusk',
    year: 2024,
    medium: 'Generative drawing, SVG',
    description:
      'The last ten minutes of light over the water, when the sea turns from gold to ink one band at a time. Made after a long evening walk along the quay.',
    alt: 'A pale sun sits low over layered bands of water that darken from orange to deep navy, with short strokes of reflected light on the waves.',
  },
  {
    file: 'paper-mountains.svg',
    seed: 2203,
    draw: paperMountains,
    title: 'Paper Mountains',
    year: 2023,
    medium: 'Generative drawing, SVG',
    description:
      'Six ridges, each a little darker than the one behind it, like torn sheets of paper stacked on a desk. The haze between them does most of the work.',
    alt: 'Layered mountain ridges in lavender and violet fade into a pink morning haze under a soft white sun.',
  },
  {
    file: 'contour-study-no-4.svg',
    seed: 3307,
    draw: contourStudy,
    title: 'Contour Study No. 4',
    year: 2024,
    medium: 'Generative line drawing, SVG',
    description:
      'Rings pushed gently out of round, somewhere between a contour map and the grain of a cut log. Every fifth line is drawn in rust so the eye can count its way in.',
    alt: 'Two sets of wobbly concentric rings in dark ink on cream paper, every fifth ring drawn thicker in rust red, with a red dot at the centre of the larger set.',
  },
  {
    file: 'truchet-garden.svg',
    seed: 4409,
    draw: truchetGarden,
    title: 'Truchet Garden',
    year: 2022,
    medium: 'Tiled generative drawing, SVG',
    description:
      'A hundred and forty-four square tiles, each with two quarter-circles and turned one way or the other by a coin toss. The paths that appear were never planned.',
    alt: 'A square grid of curved lines that join into winding paths, coloured in diagonal bands of teal, yellow, orange, coral and dark green on cream.',
  },
  {
    file: 'halftone-sun.svg',
    seed: 5501,
    draw: halftoneSun,
    title: 'Halftone Sun',
    year: 2023,
    medium: 'Generative dot screen, SVG',
    description:
      'An old newspaper trick turned into a sunset: dots that swell towards the middle and shrink at the edges, with a slow ripple running through them.',
    alt: 'A dark purple field of dots that grow larger and warmer towards the centre, from violet at the edges through red and orange to a yellow core.',
  },
  {
    file: 'quiet-geometry.svg',
    seed: 6607,
    draw: quietGeometry,
    title: 'Quiet Geometry',
    year: 2022,
    medium: 'Generative composition, SVG',
    description:
      'Twelve squares, five plain shapes and six colours borrowed from old Bauhaus posters. The rules are strict; the arrangement is left to chance.',
    alt: 'A grid of twelve coloured squares, three across and four down, each holding one flat shape: a circle, a half circle, a quarter circle, a triangle or stripes.',
  },
  {
    file: 'night-transit.svg',
    seed: 7703,
    draw: nightTransit,
    title: 'Night Transit',
    year: 2024,
    medium: 'Flow-field drawing, SVG',
    description:
      'Long-exposure light trails from a night bus window, redrawn by a slow invisible current. Each line follows the same field, so none of them ever cross at a sharp angle.',
    alt: 'Thin glowing lines in orange, pink, violet and blue sweep in gentle curves across a deep navy night sky scattered with small white stars.',
  },
  {
    file: 'orchard-in-bloom.svg',
    seed: 8807,
    draw: orchardInBloom,
    title: 'Orchard in Bloom',
    year: 2023,
    medium: 'Generative drawing, SVG',
    description:
      'A spring afternoon under the apple trees, reduced to branches and blossoms. The flowers gather towards the middle the way they do on a real bough.',
    alt: 'White and pink five-petal blossoms with orange centres scattered over a soft green background, with a few dark branches rising from the bottom.',
  },
  {
    file: 'sunday-kites.svg',
    seed: 9901,
    draw: sundayKites,
    title: 'Sunday Kites',
    year: 2024,
    medium: 'Generative drawing, SVG',
    description:
      'Seven kites on one long afternoon, every string running back to the same hand just out of the picture.',
    alt: 'Seven bright diamond-shaped kites with ribbon tails fly in a pale blue sky with soft white clouds, their strings curving down to a single point below.',
  },
  {
    file: 'woven-light.svg',
    seed: 1013,
    draw: wovenLight,
    title: 'Woven Light',
    year: 2022,
    medium: 'Generative composition, SVG',
    description:
      'See-through ribbons laid across each other at two angles. Where they cross, new colours appear that none of the ribbons has on its own.',
    alt: 'Translucent diagonal ribbons in red, yellow, green, blue and purple cross over each other on an off-white background, making new colours where they overlap.',
  },
  {
    file: 'pebble-beach.svg',
    seed: 1117,
    draw: pebbleBeach,
    title: 'Pebble Beach',
    year: 2023,
    medium: 'Generative drawing, SVG',
    description:
      'Stones grown one at a time until they touch their neighbours, the way a tide sorts a shore. Each gets a dab of light, as if the sand were still wet.',
    alt: 'Smooth oval pebbles in browns, greys and sand colours packed closely together on a pale beige ground, each with a soft highlight.',
  },
  {
    file: 'sunrise-arcs.svg',
    seed: 1223,
    draw: sunriseArcs,
    title: 'Sunrise Arcs',
    year: 2024,
    medium: 'Generative composition, SVG',
    description:
      'Two suns rising from two horizons, drawn as nested half rings in the colours of an early morning. A small red moon has not quite left yet.',
    alt: 'Two sets of nested half circles in teal, green, yellow, orange and red rise from two dark horizontal lines on cream paper, with a small red circle in the sky above.',
  },
];

mkdirSync(ART_DIR, { recursive: true });
const sizes = new Map();
for (const artwork of ARTWORKS) {
  const { width, height, svg: text } = artwork.draw(random(artwork.seed));
  writeFileSync(join(ART_DIR, artwork.file), text);
  sizes.set(`art/${artwork.file}`, { width, height });
  console.log(
    `${ART_DIR}/${artwork.file}  ${width}×${height}  ${(text.length / 1024).toFixed(1)} KB`,
  );
}

writeContentIndex(ART_JSON, 'artworks', {
  what: 'sizes',
  update: (entry) => {
    const size = sizes.get(entry.image);
    if (size) Object.assign(entry, size);
  },
  create: () =>
    ARTWORKS.map(({ file, title, year, medium, description, alt }) => ({
      title,
      year,
      medium,
      description,
      image: `art/${file}`,
      alt,
      ...sizes.get(`art/${file}`),
    })),
});
