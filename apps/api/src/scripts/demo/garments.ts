// Flat SVG illustrations for the demo catalog, drawn from each product's kind, colour and name.
// Everything is drawn for a 900x1200 frame with the garment centred on x = 450; the right half of most
// shapes is the mirror of the left half. No filters: soft shadows are layered translucent strokes, which
// keeps one image at a few tens of milliseconds in sharp.
import type { Gender } from '@shop/core/constants';
import type { DemoProduct, GarmentKind } from './catalog.ts';

export interface ProductArt {
  svg: string;
  label: 'front' | 'back' | 'detail' | 'styled';
}

const W = 900;
const H = 1200;

// ---------- colour ----------

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h.padEnd(6, '0').slice(0, 6);
  const n = Number.parseInt(full, 16);
  return Number.isNaN(n) ? [128, 128, 128] : [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** t > 0 lightens towards white, t < 0 darkens towards a warm black. */
function tone(c: string, t: number): string {
  return t >= 0 ? mix(c, '#ffffff', t) : mix(c, '#1c1814', -t);
}

function luminance(c: string): number {
  const [r, g, b] = toRgb(c).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

interface Palette {
  base: string;
  /** Facings, ribs, pocket bags: a step away from the base. */
  shade: string;
  /** Insides seen through a neckline or an opening. */
  deep: string;
  light: string;
  /** Seams and edges: darker on light cloth, lighter on very dark cloth so they still read. */
  line: string;
  edge: string;
  trim: string;
  stitch: string;
  bgTop: string;
  bgBottom: string;
  shadow: string;
}

function palette(color: string, accent: string | undefined): Palette {
  const lum = luminance(color);
  const dark = lum < 0.05;
  const pale = lum > 0.7;
  const line = dark ? tone(color, 0.16) : tone(color, pale ? -0.16 : -0.24);
  // Very light and very dark garments get a more neutral backdrop, so they keep their contrast.
  const tint = mix(color, pale ? '#d6cdc0' : '#f5f1ea', dark ? 0.9 : pale ? 0.75 : 0.86);
  return {
    base: color,
    shade: dark ? tone(color, 0.08) : tone(color, pale ? -0.06 : -0.1),
    deep: dark ? tone(color, -0.5) : tone(color, pale ? -0.2 : -0.32),
    light: tone(color, dark ? 0.22 : 0.16),
    line,
    edge: dark ? tone(color, -0.4) : tone(color, pale ? -0.2 : -0.18),
    trim: accent ?? line,
    stitch: accent ?? (dark ? tone(color, 0.26) : tone(color, pale ? -0.22 : -0.3)),
    bgTop: tone(tint, 0.3),
    bgBottom: mix(tint, '#d6cdbf', 0.3),
    shadow: mix(color, '#3b3026', 0.75),
  };
}

function hash(s: string): number {
  let h = 2166136261;
  for (const ch of s) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A tiny deterministic generator (mulberry32) for texture jitter. */
function random(seed: number): () => number {
  let a = seed || 1;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------- svg helpers ----------

// Element opacity makes the renderer composite each element on its own layer, which is slow on big shapes;
// fill-opacity and stroke-opacity look the same here and cost nothing extra.
const attrs = (extra: string, paint: 'fill' | 'stroke') => (extra ? ` ${extra.replace(/(^|\s)opacity=/g, `$1${paint}-opacity=`)}` : '');
const fill = (d: string, color: string, extra = '') => `<path d="${d}" fill="${color}"${attrs(extra, 'fill')}/>`;
const stroke = (d: string, color: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${attrs(extra, 'stroke')}/>`;
const stitch = (d: string, color: string, width = 2) => stroke(d, color, width, 'stroke-dasharray="6 5" opacity="0.9"');
const circle = (x: number, y: number, r: number, color: string, extra = '') =>
  `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r}" fill="${color}"${attrs(extra, 'fill')}/>`;
const ellipse = (x: number, y: number, rx: number, ry: number, color: string, extra = '') =>
  `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${color}"${attrs(extra, 'fill')}/>`;
const group = (transform: string, body: string) => `<g transform="${transform}">${body}</g>`;

function button(x: number, y: number, r: number, color: string, hole: string): string {
  const o = r * 0.32;
  const h = Math.max(1, r * 0.15);
  return circle(x, y + 1.5, r, '#000000', 'opacity="0.12"') + circle(x, y, r, color) +
    circle(x - o, y - o, h, hole) + circle(x + o, y - o, h, hole) + circle(x - o, y + o, h, hole) + circle(x + o, y + o, h, hole);
}

function rivet(x: number, y: number, color: string): string {
  return circle(x, y, 5.5, tone(color, -0.25)) + circle(x - 1, y - 1, 3.5, tone(color, 0.25));
}

/** Mirror a path around the centre line x = 450 (absolute "x,y" pairs only, no arcs). */
function mirror(d: string): string {
  return d.replace(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g, (_, x: string, y: string) => `${+(W - Number(x)).toFixed(1)},${y}`);
}
const both = (d: string, f: (d: string) => string) => f(d) + f(mirror(d));
const pair = (d: string) => `${d} ${mirror(d)}`;

/** Soft volume: light from the upper left, gentle darkening towards the lower right. */
const sheen = (d: string) => `<path d="${d}" fill="url(#sheen)"/>`;
const piece = (d: string, p: Palette, color = p.base) => fill(d, color) + sheen(d) + stroke(d, p.edge, 1.6, 'opacity="0.55"');
const seam = (d: string, p: Palette, opacity = 0.6) => stroke(d, p.line, 1.8, `opacity="${opacity}"`);
const fold = (d: string, p: Palette, opacity = 0.16, width = 5) => stroke(d, p.line, width, `opacity="${opacity}"`);
const highlight = (d: string, p: Palette, opacity = 0.35, width = 6) => stroke(d, p.light, width, `opacity="${opacity}"`);

function ribs(x1: number, x2: number, y1: number, y2: number, color: string, step = 9, opacity = 0.45): string {
  let d = '';
  for (let x = x1 + step / 2; x < x2; x += step) d += `M${x.toFixed(1)},${y1} L${x.toFixed(1)},${y2} `;
  return stroke(d, color, 1.6, `opacity="${opacity}"`);
}

// ---------- drawings ----------

type Fabric = 'denim' | 'knit' | 'jersey' | 'linen' | 'smooth' | 'twill' | 'leather';
type Focus = [x: number, y: number, scale: number];

interface Drawing {
  front: string;
  back?: string;
  /** Outline pieces for the drop shadow and the fabric texture. */
  silhouette: string[];
  /** Candidate close-ups; the product name picks one. */
  focus: Focus[];
  fabric: Fabric;
  /** Hang it for the styled view: the hanger bar's top (y) and half width, in the drawing's own frame. */
  hang?: { y: number; half: number; clip?: boolean; hood?: boolean };
  /** A ready styled scene instead (folded, a pair of shoes). */
  styled?: string;
}

interface Ctx {
  p: Palette;
  name: string;
  seed: number;
}

const has = (name: string, re: RegExp) => re.test(name);

function stripes(c: Ctx, id: string, pieces: string[], vertical: boolean): string {
  const clip = pieces.filter(Boolean).map((d) => `<path d="${d}"/>`).join('');
  const accent = c.p.trim;
  let rects = '';
  if (has(c.name, /check|flannel|gingham/i)) {
    const step = has(c.name, /gingham/i) ? 36 : 64;
    let rows = '';
    let cols = '';
    for (let v = 0; v < H; v += step) rows += `<rect x="0" y="${v}" width="${W}" height="${step / 2}"/>`;
    for (let v = 0; v < W; v += step) cols += `<rect x="${v + 8}" y="0" width="${step / 2}" height="${H}"/>`;
    const fine = has(c.name, /flannel/i) ? stroke(Array.from({ length: Math.ceil(W / step) }, (_, i) => `M${i * step + 8 + step * 0.75},0 L${i * step + 8 + step * 0.75},${H}`).join(' '), tone(c.p.base, 0.35), 2, 'opacity="0.5"') : '';
    rects = `<g fill="${accent}"><g fill-opacity="0.4">${rows}</g><g fill-opacity="0.4">${cols}</g></g>${fine}`;
  } else if (has(c.name, /breton|stripe knit/i)) {
    for (let v = 300; v < H; v += 46) rects += `<rect x="0" y="${v}" width="${W}" height="17"/>`;
    rects = `<g fill="${accent}">${rects}</g>`;
  } else if (has(c.name, /stripe/i)) {
    for (let v = 4; v < (vertical ? W : H); v += 15) rects += vertical ? `<rect x="${v}" y="0" width="3.5" height="${H}"/>` : `<rect x="0" y="${v}" width="${W}" height="3.5"/>`;
    rects = `<g fill="${accent}" fill-opacity="0.8">${rects}</g>`;
  } else {
    return '';
  }
  return `<clipPath id="${id}">${clip}</clipPath><g clip-path="url(#${id})">${rects}</g>`;
}

// Tops share one torso; the left sleeve is drawn and mirrored.
const NECK_BACK = 'M382,268 C408,255 492,255 518,268';
const torso = (hem: number, hw = 178) =>
  `M382,268 C408,255 492,255 518,268 L638,300 C642,360 ${450 + hw + 2},420 ${450 + hw},480 L${450 + hw + 4},${hem} Q450,${hem + 10} ${450 - hw - 4},${hem} L${450 - hw},480 C${450 - hw - 2},420 258,360 262,300 Z`;
const LONG_SLEEVE = 'M262,300 C238,310 216,336 206,376 L150,834 L240,858 L280,486 Z';
const LONG_CUFF = 'M155,792 L244,816 L240,858 L150,834 Z';
const SHORT_SLEEVE = 'M262,300 C240,312 222,330 206,352 L150,436 L230,494 L278,458 Z';

function tee(c: Ctx, kind: 't-shirt' | 'polo' | 'sweater' | 'hoodie'): Drawing {
  const { p } = c;
  const long = kind === 'sweater' || kind === 'hoodie';
  const hem = long ? 930 : 910;
  const hw = kind === 'hoodie' ? 182 : 178;
  const body = torso(hem, hw);
  const sleeves = pair(long ? LONG_SLEEVE : SHORT_SLEEVE);
  const pat = (id: string) => stripes(c, id, [body, sleeves], false);
  const armholes = both('M262,302 C276,380 274,440 272,480', (d) => seam(d, p, 0.45));
  const sleeveFolds = long ? both('M214,420 C230,470 236,520 232,560 M190,640 C204,660 214,690 214,720', (d) => fold(d, p, 0.12, 4)) : both('M210,380 C224,400 232,420 234,440', (d) => fold(d, p, 0.12, 4));
  const base = (id: string) => piece(sleeves, p) + fill(body, p.base) + pat(id) + sheen(body) + stroke(body, p.edge, 1.6, 'opacity="0.55"') + armholes + sleeveFolds +
    both(`M${450 - hw + 30},${hem - 40} C${450 - hw + 50},${hem - 200} ${450 - hw + 44},${hem - 330} ${450 - hw + 60},${hem - 420}`, (d) => fold(d, p, 0.1, 6));

  let trims = '';
  if (long) {
    const cuff = LONG_CUFF;
    trims += both(cuff, (d) => fill(d, p.shade) + stroke(d, p.edge, 1.4, 'opacity="0.5"')) +
      both('M161,800 L157,830 M171,803 L167,833 M181,806 L177,836 M191,808 L187,839 M201,811 L197,841 M211,813 L207,844 M221,816 L217,846 M231,819 L227,849', (d) => stroke(d, p.line, 1.4, 'opacity="0.4"'));
    const band = `M${450 - hw - 4},${hem - 56} L${450 + hw + 4},${hem - 56} L${450 + hw + 4},${hem} Q450,${hem + 10} ${450 - hw - 4},${hem} Z`;
    trims += fill(band, p.shade) + ribs(450 - hw - 4, 450 + hw + 4, hem - 54, hem + 4, p.line, 9, 0.35) + seam(`M${450 - hw - 4},${hem - 56} L${450 + hw + 4},${hem - 56}`, p, 0.5);
  } else if (kind === 'polo') {
    trims += both('M158,426 L236,484 L230,494 L150,436 Z', (d) => fill(d, p.shade)) + both('M160,430 L236,487', (d) => stroke(d, p.trim, 3.5, 'opacity="0.9"'));
    trims += both(`M${450 - hw - 4},${hem} L${450 - hw - 4},${hem - 46}`, (d) => seam(d, p, 0.7));
  } else {
    trims += both('M158,426 L236,482', (d) => stitch(d, p.stitch, 1.6)) + stitch(`M${450 - hw + 4},${hem - 18} Q450,${hem - 10} ${450 + hw - 4},${hem - 18}`, p.stitch, 1.6);
  }

  let neckFront = '';
  let neckBack = '';
  let front = '';
  let back = '';
  const insideNeck = fill(`${NECK_BACK} C508,330 392,330 382,268 Z`, p.deep);
  if (kind === 't-shirt' || kind === 'sweater') {
    const w = kind === 'sweater' ? 22 : 15;
    const band = `M382,268 C392,322 508,322 518,268 L${518 + w},271 C${520 + w * 0.6},${330 + w * 1.6} ${380 - w * 0.6},${330 + w * 1.6} ${382 - w},271 Z`;
    neckFront = insideNeck + fill(band, p.shade) + stroke(band, p.edge, 1.4, 'opacity="0.5"') + (kind === 'sweater' ? stroke('M374,272 C386,338 514,338 526,272', p.line, 1.2, 'opacity="0.4" stroke-dasharray="2 5"') : '');
    neckBack = fill(`M382,268 C408,255 492,255 518,268 L${518 + w},274 C492,${262 + w * 0.6} 408,${262 + w * 0.6} ${382 - w},274 Z`, p.shade) + fill('M436,278 L464,278 L464,300 L436,300 Z', p.light, 'opacity="0.85"');
    if (has(c.name, /pocket/i)) {
      const pocket = 'M488,392 L560,392 L560,470 Q524,480 488,470 Z';
      front += fill(pocket, p.base) + sheen(pocket) + stroke(pocket, p.line, 1.6, 'opacity="0.6"') + stitch('M492,404 L556,404', p.stitch, 1.4);
    }
    back += seam(`M270,${hem - 10} L270,${hem - 10}`, p);
  } else if (kind === 'polo') {
    const leaf = 'M446,300 L370,260 C356,290 364,326 384,356 L446,318 Z';
    neckFront = insideNeck + fill('M436,292 L464,292 L464,442 L436,442 Z', p.shade) + seam('M436,296 L436,442 L464,442', p, 0.7) +
      button(450, 350, 7.5, p.light, p.line) + button(450, 402, 7.5, p.light, p.line) +
      both(leaf, (d) => fill(d, p.shade) + sheen(d) + stroke(d, p.edge, 1.6, 'opacity="0.6"')) + both('M372,268 C362,294 368,324 384,348', (d) => stroke(d, p.trim, 3.5, 'opacity="0.9"'));
    neckBack = fill('M370,258 C405,242 495,242 530,258 L534,296 C495,282 405,282 366,296 Z', p.shade) + stroke('M368,290 C405,276 495,276 532,290', p.trim, 3.5);
  } else if (kind === 'hoodie') {
    const hood = 'M362,302 C322,232 338,146 450,136 C562,146 578,232 538,302 Z';
    const lining = 'M390,292 C368,232 386,174 450,168 C514,174 532,232 510,292 Z';
    const rim = 'M368,300 C390,344 424,364 450,368 C476,364 510,344 532,300 L508,292 C492,322 472,340 450,342 C428,340 408,322 392,292 Z';
    neckFront = fill(hood, p.shade) + stroke(hood, p.edge, 1.6, 'opacity="0.5"') + fill(lining, p.deep) + fill(rim, p.base) + sheen(rim) + stroke(rim, p.edge, 1.4, 'opacity="0.6"') +
      circle(424, 346, 5, p.deep) + circle(476, 346, 5, p.deep) +
      stroke('M424,348 C420,390 416,430 418,470 M476,348 C482,392 486,432 484,476', p.trim, 6) +
      fill('M412,466 L424,466 L424,496 L412,496 Z', tone(p.trim, -0.25)) + fill('M478,472 L490,472 L490,502 L478,502 Z', tone(p.trim, -0.25));
    const pocket = `M330,${hem - 272} L570,${hem - 272} C586,${hem - 200} 600,${hem - 130} 612,${hem - 60} L288,${hem - 60} C300,${hem - 130} 314,${hem - 200} 330,${hem - 272} Z`;
    front += fill(pocket, p.base) + sheen(pocket) + seam(`M330,${hem - 272} L570,${hem - 272}`, p, 0.7) +
      both(`M330,${hem - 272} C314,${hem - 200} 300,${hem - 130} 288,${hem - 60}`, (d) => stroke(d, p.line, 2.4, 'opacity="0.7"')) +
      stitch(`M340,${hem - 260} L560,${hem - 260}`, p.stitch, 1.4);
    // Seen from behind, the hood stands up above the shoulders just as it does from the front.
    neckBack = fill(hood, p.base) + sheen(hood) + stroke(hood, p.edge, 1.6, 'opacity="0.6"') + seam('M450,140 L450,300', p, 0.5) +
      fold('M396,190 C380,230 384,270 400,296', p, 0.14, 5) + stroke('M368,300 C400,290 500,290 532,300', p.line, 2, 'opacity="0.5"');
  }
  return {
    front: base('pf') + trims + neckFront + front,
    back: base('pb') + trims + neckBack + back,
    silhouette: [body, sleeves, kind === 'hoodie' ? 'M362,302 C322,232 338,146 450,136 C562,146 578,232 538,302 Z' : ''],
    focus: kind === 'hoodie' ? [[450, 330, 2], [450, 760, 1.9]] : kind === 'polo' ? [[450, 340, 2.3], [220, 470, 2.2]] : [[460, 340, 2.3], [300, 400, 2.2]],
    fabric: kind === 'sweater' ? 'knit' : kind === 'polo' ? 'knit' : 'jersey',
    hang: { y: 258, half: 168, hood: kind === 'hoodie' },
    ...(kind === 't-shirt' || kind === 'sweater' ? { styled: folded(c, kind) } : {}),
  };
}

function shirt(c: Ctx): Drawing {
  const { p } = c;
  const hem = 950;
  const hw = 176;
  const body = `M382,268 C408,255 492,255 518,268 L638,300 C642,360 ${450 + hw + 2},420 ${450 + hw},480 L${450 + hw + 2},${hem - 40} C${450 + hw},${hem + 8} 540,${hem + 34} 450,${hem + 32} C360,${hem + 34} ${450 - hw},${hem + 8} ${450 - hw - 2},${hem - 40} L${450 - hw},480 C${450 - hw - 2},420 258,360 262,300 Z`;
  const sleeves = pair(LONG_SLEEVE);
  const pattern = (id: string) => stripes(c, id, [body, sleeves], true);
  const leaf = 'M446,302 L380,262 C370,292 376,334 390,378 L446,320 Z';
  const pocket = 'M486,398 L566,398 L566,484 L526,498 L486,484 Z';
  const twoPockets = has(c.name, /flannel|work|denim/i);
  const noPocket = has(c.name, /poplin|striped oxford/i);
  const patterned = has(c.name, /stripe|check|flannel/i);
  const pocketFill = patterned ? 'none' : p.base;
  const denim = has(c.name, /denim/i);
  const drawPocket = (d: string) => fill(d, pocketFill) + stroke(d, p.line, 1.8, 'opacity="0.75"') + (denim ? stitch(d, p.stitch, 1.4) : '') +
    (twoPockets ? fill(d.replace(/L(\d+),484 L(\d+),498 L(\d+),484/, 'L$1,436 L$3,436'), patterned ? 'none' : p.shade, 'opacity="0.9"') + stroke(d.replace(/L(\d+),484 L(\d+),498 L(\d+),484/, 'L$1,436 L$3,436'), p.line, 1.6, 'opacity="0.7"') : stitch(d.replace(/^M(\d+),398 L(\d+),398.*/, 'M$1,410 L$2,410'), p.stitch, 1.3));
  const sleeveDetails = both(LONG_CUFF, (d) => fill(d, patterned ? 'none' : p.base) + stroke(d, p.edge, 1.6, 'opacity="0.7"')) + both('M200,760 L214,700', (d) => seam(d, p, 0.5)) +
    both('M218,846 L219,846', () => '') + both('M206,420 C224,480 230,540 226,600 M184,640 C200,662 206,690 204,720', (d) => fold(d, p, 0.1, 4));
  const base = (id: string) => piece(sleeves, p) + fill(body, p.base) + pattern(id) + sheen(body) + stroke(body, p.edge, 1.6, 'opacity="0.55"') +
    both('M262,302 C276,380 274,440 274,480', (d) => seam(d, p, 0.45)) + sleeveDetails;
  let front = base('sf') + fill(`${NECK_BACK} C500,320 400,320 382,268 Z`, p.deep) + fill('M380,266 C406,246 494,246 520,266 L518,282 C494,262 406,262 382,282 Z', p.shade) +
    fill(`M438,318 L462,318 L462,${hem + 30} L438,${hem + 30} Z`, patterned ? 'none' : p.base) + seam(`M438,326 L438,${hem + 28} M462,326 L462,${hem + 28}`, p, 0.6) +
    both(leaf, (d) => fill(d, p.base) + sheen(d) + stroke(d, p.edge, 1.8, 'opacity="0.7"') + (denim ? stitch(d, p.stitch, 1.3) : '')) +
    (has(c.name, /button-down|oxford/i) ? both('M394,362', () => button(396, 364, 4, p.light, p.line) + button(504, 364, 4, p.light, p.line)) : '');
  for (let y = 370; y < hem; y += 92) front += button(450, y, 7, denim ? p.trim : p.light, p.line);
  if (!noPocket) front += drawPocket(pocket) + (twoPockets ? drawPocket(mirror(pocket)) : '');
  front += both(`M${450 - hw + 40},${hem - 30} C${450 - hw + 54},${hem - 200} ${450 - hw + 40},${hem - 380} ${450 - hw + 64},${hem - 460}`, (d) => fold(d, p, 0.1, 6));
  const back = base('sb') + fill('M380,262 C406,244 494,244 520,262 L522,296 C494,282 406,282 378,296 Z', p.base) + stroke('M378,296 C406,282 494,282 522,296', p.line, 1.8, 'opacity="0.7"') +
    seam('M266,356 C360,374 540,374 634,356', p, 0.6) + (has(c.name, /oxford/i) ? seam('M436,370 L440,440 M464,370 L460,440', p, 0.45) : '') +
    both(`M${450 - hw + 40},${hem - 30} C${450 - hw + 54},${hem - 200} ${450 - hw + 40},${hem - 380} ${450 - hw + 64},${hem - 460}`, (d) => fold(d, p, 0.1, 6));
  return {
    front,
    back,
    silhouette: [body, sleeves],
    focus: [[455, 360, 2.3], [200, 800, 2.2]],
    fabric: denim ? 'denim' : has(c.name, /linen/i) ? 'linen' : 'twill',
    hang: { y: 258, half: 168 },
  };
}

function outerwear(c: Ctx, kind: 'jacket' | 'blazer'): Drawing {
  const { p } = c;
  const trucker = kind === 'jacket' && has(c.name, /denim|trucker/i);
  const bomber = kind === 'jacket' && !trucker;
  const hem = kind === 'blazer' ? 990 : trucker ? 900 : 920;
  const hw = bomber ? 186 : 180;
  const shoulder = kind === 'blazer' ? 'M382,268 C408,255 492,255 518,268 L646,294 C648,360' : 'M382,268 C408,255 492,255 518,268 L638,300 C642,360';
  const body = bomber
    ? `${shoulder} ${450 + hw + 2},420 ${450 + hw},480 C${450 + hw + 6},640 ${450 + hw + 6},780 ${450 + hw - 10},${hem - 56} L${450 + hw - 22},${hem} L${450 - hw + 22},${hem} L${450 - hw + 10},${hem - 56} C${450 - hw - 6},780 ${450 - hw - 6},640 ${450 - hw},480 C${450 - hw - 2},420 258,360 262,300 Z`
    : kind === 'blazer'
      ? `${shoulder} ${450 + hw + 2},420 ${450 + hw - 4},480 C${450 + hw - 12},600 ${450 + hw - 8},700 ${450 + hw + 4},${hem} L472,${hem} C462,${hem - 10} 454,${hem - 30} 450,${hem - 60} C446,${hem - 30} 438,${hem - 10} 428,${hem} L${450 - hw - 4},${hem} C${450 - hw + 8},700 ${450 - hw + 12},600 ${450 - hw + 4},480 C${450 - hw - 2},420 252,360 254,294 Z`
      : torso(hem, hw);
  const sleeve = kind === 'blazer' ? 'M254,294 C232,306 214,334 206,376 L154,850 L244,872 L280,486 Z' : bomber ? 'M262,300 C236,310 212,340 200,380 L140,820 L240,846 L284,486 Z' : LONG_SLEEVE;
  const sleeves = pair(sleeve);
  let front = piece(sleeves, p) + piece(body, p) + both('M262,302 C276,380 274,440 272,480', (d) => seam(d, p, 0.45));
  let back = front;
  const sleeveFolds = both('M206,430 C226,470 232,520 226,560 M186,640 C200,660 208,690 204,720', (d) => fold(d, p, 0.13, 4));
  front += sleeveFolds;
  back += sleeveFolds;
  if (bomber) {
    const cuff = 'M146,784 L244,810 L240,846 L140,820 Z';
    const band = `M${450 - hw + 10},${hem - 56} L${450 + hw - 10},${hem - 56} L${450 + hw - 22},${hem} L${450 - hw + 22},${hem} Z`;
    const ribbed = both(cuff, (d) => fill(d, p.trim) + stroke(d, p.edge, 1.2, 'opacity="0.5"')) + fill(band, p.trim) + ribs(450 - hw + 14, 450 + hw - 14, hem - 54, hem - 2, tone(p.trim, 0.15), 9, 0.5) +
      both('M152,790 L147,816 M162,793 L157,819 M172,795 L167,822 M182,798 L177,825 M192,800 L187,827 M202,803 L197,830 M212,806 L207,832 M222,808 L217,835 M232,811 L227,838', (d) => stroke(d, tone(p.trim, 0.15), 1.4, 'opacity="0.5"'));
    const collar = 'M372,262 C404,240 496,240 528,262 L524,302 C496,286 404,286 376,302 Z';
    front += fill(`${NECK_BACK} C500,306 400,306 382,268 Z`, p.deep) + ribbed + fill(collar, p.trim) + ribs(376, 524, 254, 298, tone(p.trim, 0.15), 8, 0.5) +
      stroke(`M450,296 L450,${hem - 4}`, p.line, 5) + stroke(`M450,300 L450,${hem - 6}`, p.light, 1.6, 'stroke-dasharray="2 3" opacity="0.8"') +
      fill('M444,300 L456,300 L458,344 L442,344 Z', '#b9b6ae') + both('M300,610 L326,720', (d) => stroke(d, p.line, 9, 'opacity="0.45"') + stroke(d.replace('300,610', '301,612'), p.light, 1.4, 'opacity="0.4"')) +
      fill('M196,440 L238,448 L232,500 L190,492 Z', p.shade) + stroke('M196,452 L236,460', '#b9b6ae', 3) +
      both('M300,480 C320,520 330,560 322,600', (d) => fold(d, p, 0.12, 5));
    back += ribbed + fill(collar, p.trim) + ribs(376, 524, 254, 298, tone(p.trim, 0.15), 8, 0.5) + both('M330,420 C340,520 340,620 320,780', (d) => fold(d, p, 0.12, 6));
  } else if (trucker) {
    const leaf = 'M446,320 L376,262 L350,286 L392,384 Z';
    const flap = 'M300,404 L402,404 L402,452 L351,474 L300,452 Z';
    const band = `M${450 - hw},${hem - 58} L${450 + hw},${hem - 58} L${450 + hw + 4},${hem} L${450 - hw - 4},${hem} Z`;
    const stitching = both(`M292,512 L440,512 M292,512 L${450 - hw},560`, (d) => stitch(d, p.stitch, 1.6)) + both(`M330,470 L320,${hem - 60} M372,474 L368,${hem - 60}`, (d) => stitch(d, p.stitch, 1.6));
    front += fill(`${NECK_BACK} C500,330 400,330 382,268 Z`, p.deep) + stitching + fill(band, p.base) + stroke(band, p.edge, 1.4, 'opacity="0.6"') +
      stitch(`M${450 - hw + 6},${hem - 48} L${450 + hw - 6},${hem - 48}`, p.stitch, 1.6) +
      both(leaf, (d) => fill(d, p.base) + sheen(d) + stroke(d, p.edge, 1.8, 'opacity="0.7"') + stitch(d.replace(/Z$/, ''), p.stitch, 1.4)) +
      stroke(`M452,322 L452,${hem}`, p.line, 2.4) + stitch(`M440,330 L440,${hem - 6}`, p.stitch, 1.6) + stitch(`M464,330 L464,${hem - 6}`, p.stitch, 1.6) +
      both(flap, (d) => fill(d, p.base) + sheen(d) + stroke(d, p.line, 1.8, 'opacity="0.7"') + stitch(d, p.stitch, 1.4)) +
      both('M351,448', () => rivet(351, 450, p.trim) + rivet(549, 450, p.trim));
    for (const y of [336, 440, 556, 680, hem - 30]) front += rivet(466, y, p.trim);
    front += both('M260,850', () => rivet(270, hem - 30, p.trim) + rivet(630, hem - 30, p.trim)) + both('M176,826', () => rivet(196, 838, p.trim) + rivet(704, 838, p.trim));
    back += fill(band, p.base) + stitch(`M${450 - hw + 6},${hem - 48} L${450 + hw - 6},${hem - 48}`, p.stitch, 1.6) +
      fill('M378,262 C410,246 490,246 522,262 L526,300 C490,288 410,288 374,300 Z', p.base) + stitch('M380,290 C410,280 490,280 520,290', p.stitch, 1.4) +
      stitch('M268,420 C360,444 540,444 632,420', p.stitch, 1.6) + both(`M360,440 L336,${hem - 60}`, (d) => stitch(d, p.stitch, 1.6)) +
      fill(`M400,${hem - 58} L500,${hem - 58} L500,${hem} L400,${hem} Z`, 'none');
  } else {
    const opening = 'M392,262 L508,262 L452,612 Z';
    const lapel = 'M394,262 L352,320 L374,340 L334,352 C360,444 408,534 448,608 L394,262 Z';
    const flapPocket = 'M296,772 L398,768 L400,810 L298,814 Z';
    front += fill(opening, p.deep) + fill('M394,262 C420,254 480,254 506,262 L500,276 C480,270 420,270 400,276 Z', p.shade) +
      both(lapel, (d) => fill(d, p.base) + sheen(d) + stroke(d, p.line, 1.8, 'opacity="0.75"')) + both('M398,276 L446,596', (d) => highlight(d, p, 0.3, 3)) +
      seam(`M450,612 L450,${hem - 60} C454,${hem - 30} 462,${hem - 10} 472,${hem}`, p, 0.8) + button(462, 662, 10, p.deep, p.line) + button(462, 770, 10, p.deep, p.line) +
      both(flapPocket, (d) => fill(d, p.base) + sheen(d) + stroke(d, p.line, 1.6, 'opacity="0.75"')) + stroke('M508,452 L574,446', p.line, 5, 'opacity="0.55"') +
      both('M356,470 C370,560 372,680 364,760', (d) => seam(d, p, 0.35)) +
      both('M186,796', () => button(190, 800, 5, p.deep, p.line) + button(186, 820, 5, p.deep, p.line) + button(182, 840, 5, p.deep, p.line) + button(710, 800, 5, p.deep, p.line) + button(714, 820, 5, p.deep, p.line) + button(718, 840, 5, p.deep, p.line));
    back += fill('M376,258 C410,242 490,242 524,258 L528,298 C490,284 410,284 372,298 Z', p.base) + stroke('M372,298 C410,284 490,284 528,298', p.line, 1.8, 'opacity="0.7"') +
      seam(`M450,296 L450,${hem - 170}`, p, 0.55) + fill(`M444,${hem - 170} L456,${hem - 170} L456,${hem} L444,${hem} Z`, p.shade, 'opacity="0.6"') + seam(`M450,${hem - 170} L444,${hem - 150} L444,${hem}`, p, 0.6) +
      both('M350,470 C360,600 360,760 356,980', (d) => seam(d, p, 0.3));
  }
  return {
    front,
    back,
    silhouette: [body, sleeves],
    focus: kind === 'blazer' ? [[450, 420, 1.9], [400, 700, 2]] : trucker ? [[420, 400, 2.2], [450, 500, 2]] : [[450, 330, 2.2], [300, 640, 2]],
    fabric: trucker ? 'denim' : kind === 'blazer' ? (has(c.name, /linen/i) ? 'linen' : 'twill') : 'smooth',
    hang: { y: 256, half: 176 },
  };
}

function blouse(c: Ctx): Drawing {
  const { p } = c;
  const body = 'M386,262 C412,250 488,250 514,262 L626,290 C634,360 636,420 632,480 L660,898 C600,928 300,928 240,898 L268,480 C264,420 266,360 274,290 Z';
  const sleeve = 'M274,290 C226,318 170,450 146,610 C136,690 140,746 150,786 L222,802 C230,724 250,604 282,488 Z';
  const sleeves = pair(sleeve);
  const cuff = 'M150,786 L222,802 L218,848 L146,832 Z';
  const gathers = both('M152,748 C156,764 158,774 158,788 M170,748 C174,764 176,776 176,792 M188,752 C192,768 194,780 194,796 M206,756 C208,772 210,784 210,800', (d) => stroke(d, p.line, 1.6, 'opacity="0.45"'));
  const balloon = both('M214,400 C190,500 172,600 166,700 M246,470 C230,560 220,650 212,740', (d) => fold(d, p, 0.13, 5));
  let neck: string;
  let extra = '';
  if (has(c.name, /tie-neck/i)) {
    const loop = 'M450,298 C404,256 362,282 372,336 C398,344 428,324 450,308 Z';
    const tails = 'M444,302 C434,380 418,450 398,530 L422,538 C438,460 448,382 454,308 Z';
    neck = fill('M386,262 C412,292 488,292 514,262 L514,276 C488,310 412,310 386,276 Z', p.shade) + fill(tails, p.shade) + fill(mirror(tails), p.base) +
      stroke(tails, p.edge, 1.6, 'opacity="0.9"') + stroke(mirror(tails), p.edge, 1.6, 'opacity="0.9"') +
      both(loop, (d) => fill(d, p.base) + sheen(d) + stroke(d, p.edge, 1.8, 'opacity="0.9"')) + ellipse(450, 304, 15, 13, p.shade) + stroke(`M450,304 ${'C'}440,292 ${'410'},280 388,300`, p.line, 1.2, 'opacity="0.5"') + stroke('M450,304 C460,292 490,280 512,300', p.line, 1.2, 'opacity="0.5"');
  } else if (has(c.name, /v-neck/i)) {
    neck = fill('M386,262 C412,252 488,252 514,262 L450,410 Z', p.deep) + both('M386,262 L450,410', (d) => stroke(d, p.shade, 12) + stroke(d, p.edge, 1.4, 'opacity="0.6"'));
    for (let y = 460; y < 900; y += 110) extra += button(450, y, 6, p.light, p.line);
    extra += seam('M450,420 L450,920', p, 0.45);
  } else {
    neck = fill('M386,262 C412,252 488,252 514,262 C502,316 398,316 386,262 Z', p.deep) + stroke('M386,262 C398,316 502,316 514,262', p.shade, 10) +
      both('M398,300 L404,330 M412,308 L416,338 M426,312 L428,340', (d) => stroke(d, p.line, 1.3, 'opacity="0.45"'));
  }
  const folds = both('M306,560 C318,700 306,800 296,900 M380,620 C386,720 384,820 380,910', (d) => fold(d, p, 0.12, 6));
  const base = piece(sleeves, p) + balloon + both(cuff, (d) => fill(d, p.shade) + stroke(d, p.edge, 1.4, 'opacity="0.5"')) + gathers + piece(body, p) +
    both('M274,292 C290,380 280,440 268,480', (d) => seam(d, p, 0.45)) + folds;
  return {
    front: base + neck + extra + stitch('M250,896 Q450,916 650,896', p.stitch, 1.3),
    back: base + stroke('M386,262 C412,276 488,276 514,262', p.shade, 8) + (has(c.name, /linen/i) ? seam('M450,272 L450,340', p, 0.8) + button(450, 288, 6, p.light, p.line) : seam('M450,276 L450,900', p, 0.25)),
    silhouette: [body, sleeves],
    focus: [[450, 350, 2.1], [330, 420, 1.9]],
    fabric: has(c.name, /linen|poplin/i) ? 'linen' : 'smooth',
    hang: { y: 254, half: 160 },
  };
}

function bottoms(c: Ctx, kind: 'jeans' | 'trousers' | 'shorts'): Drawing {
  const { p } = c;
  const denim = kind === 'jeans' || has(c.name, /denim/i);
  const wide = has(c.name, /wide|drawstring/i);
  const slim = has(c.name, /slim|tailored|chino/i);
  const shorts = kind === 'shorts';
  const y0 = shorts ? 300 : 150;
  const hemY = shorts ? 820 : 1080;
  const crotch = y0 + (shorts ? 300 : 330);
  const [outer, inner] = shorts ? [246, 434] : wide ? [232, 432] : slim ? [318, 434] : has(c.name, /mom|straight|stone/i) ? [290, 433] : [298, 433];
  const hip = y0 + 210;
  // The leg leaves the hip vertically (no kink), then eases to its hem width.
  const legs = `M292,${y0} L608,${y0} C620,${y0 + 80} 628,${y0 + 150} 630,${hip} C632,${hip + 90} ${900 - outer},${hip + (shorts ? 120 : 220)} ${900 - outer},${hemY} L${900 - inner},${hemY} L452,${crotch} L448,${crotch} L${inner},${hemY} L${outer},${hemY} C${outer},${hip + (shorts ? 120 : 220)} 268,${hip + 90} 270,${hip} C272,${y0 + 150} 280,${y0 + 80} 292,${y0} Z`;
  const band = `M290,${y0} L610,${y0} L611,${y0 + 46} L289,${y0 + 46} Z`;
  const drawstring = !denim && has(c.name, /drawstring/i);
  const legCentre = (outer + inner) / 2;
  const common = piece(legs, p) + fill(band, drawstring ? p.shade : p.base) + sheen(band) + stroke(band, p.edge, 1.4, 'opacity="0.6"') +
    seam(`M${inner + 3},${hemY - 2} L450,${crotch + 4} L${900 - inner - 3},${hemY - 2}`, p, 0.5) +
    both(`M${legCentre - 20},${crotch + 80} C${legCentre - 10},${crotch + 200} ${legCentre - 26},${hemY - 200} ${legCentre - 14},${hemY - 40}`, (d) => fold(d, p, 0.1, 8)) +
    both(`M${inner - 4},${crotch + 30} C${inner - 30},${crotch + 60} ${inner - 50},${crotch + 70} ${inner - 80},${crotch + 74}`, (d) => fold(d, p, 0.12, 4));
  const hemFinish = shorts && denim
    ? both(`M${outer},${hemY - 40} L${inner},${hemY - 40} L${inner},${hemY} L${outer},${hemY} Z`, (d) => fill(d, p.shade) + stroke(d, p.edge, 1.4, 'opacity="0.6"'))
    : both(`M${outer + 5},${hemY - 22} L${inner - 5},${hemY - 22}`, (d) => (denim ? stitch(d, p.stitch, 1.8) : seam(d, p, 0.35)));
  let front = common + hemFinish;
  let back = common + hemFinish;
  const loops = [318, 372, 528, 582];
  if (denim) {
    const pocketCurve = `M296,${y0 + 50} C340,${y0 + 56} 378,${y0 + 84} 390,${y0 + 132}`;
    const whiskers = both(`M420,${crotch - 40} C400,${crotch - 46} 380,${crotch - 44} 360,${crotch - 34} M424,${crotch - 20} C404,${crotch - 22} 386,${crotch - 16} 370,${crotch - 4}`, (d) => highlight(d, p, 0.2, 3));
    const fades = both(`M${legCentre - 30},${crotch + 180} C${legCentre - 26},${crotch + 300} ${legCentre - 30},${hemY - 240} ${legCentre - 24},${hemY - 120}`, (d) => highlight(d, p, 0.1, 44));
    front += fades + whiskers + stitch(`M290,${y0 + 8} L610,${y0 + 8} M290,${y0 + 38} L610,${y0 + 38}`, p.stitch, 1.4) +
      both(pocketCurve, (d) => stroke(d, p.line, 2.6, 'opacity="0.8"') + stitch(d.replace(/(\d+)$/, (m) => String(Number(m) - 12)).replace(`M296,${y0 + 50}`, `M296,${y0 + 62}`), p.stitch, 1.4)) +
      fill(`M510,${y0 + 60} L556,${y0 + 58} L560,${y0 + 110} L514,${y0 + 112} Z`, 'none') + stitch(`M514,${y0 + 58} L516,${y0 + 104} L560,${y0 + 100}`, p.stitch, 1.3) +
      seam(`M452,${y0 + 46} L452,${y0 + 236}`, p, 0.8) + stitch(`M472,${y0 + 50} L472,${y0 + 206} Q470,${y0 + 232} 452,${y0 + 238}`, p.stitch, 1.6) +
      button(450, y0 + 23, 11, p.trim, tone(p.trim, -0.35)) + rivet(390, y0 + 130, p.trim) + rivet(510, y0 + 130, p.trim) +
      both(`M276,${hip} C276,${hip + 90} ${outer + 5},${hip + (shorts ? 120 : 220)} ${outer + 5},${hemY - 4}`, (d) => stitch(d, p.stitch, 1.2));
    for (const x of loops) front += fill(`M${x - 7},${y0 - 6} L${x + 7},${y0 - 6} L${x + 7},${y0 + 52} L${x - 7},${y0 + 52} Z`, p.base) + stroke(`M${x - 7},${y0 - 6} L${x + 7},${y0 - 6} L${x + 7},${y0 + 52} L${x - 7},${y0 + 52} Z`, p.edge, 1.2, 'opacity="0.7"');
    const patch = `M326,${y0 + 126} L426,${y0 + 116} L432,${y0 + 236} L382,${y0 + 264} L334,${y0 + 244} Z`;
    back += fades + stitch(`M290,${y0 + 8} L610,${y0 + 8} M290,${y0 + 38} L610,${y0 + 38}`, p.stitch, 1.4) +
      stitch(`M290,${y0 + 82} L450,${y0 + 112} L610,${y0 + 82}`, p.stitch, 1.6) + seam(`M290,${y0 + 74} L450,${y0 + 104} L610,${y0 + 74}`, p, 0.6) + seam(`M450,${y0 + 46} L450,${crotch}`, p, 0.6) +
      both(patch, (d) => fill(d, p.base) + sheen(d) + stroke(d, p.line, 1.8, 'opacity="0.75"') + stitch(d, p.stitch, 1.3) + stitch(d.replace(/M(\d+),(\d+).*/, `M340,${y0 + 180} C360,${y0 + 200} 400,${y0 + 196} 420,${y0 + 170}`), p.stitch, 1.3)) +
      fill(`M384,${y0 + 8} L440,${y0 + 8} L440,${y0 + 38} L384,${y0 + 38} Z`, "#a8774c") + stroke(`M384,${y0 + 8} L440,${y0 + 8} L440,${y0 + 38} L384,${y0 + 38} Z`, '#7b5535', 1.2);
    for (const x of [...loops, 450]) back += fill(`M${x - 7},${y0 - 6} L${x + 7},${y0 - 6} L${x + 7},${y0 + 52} L${x - 7},${y0 + 52} Z`, p.base) + stroke(`M${x - 7},${y0 - 6} L${x + 7},${y0 - 6} L${x + 7},${y0 + 52} L${x - 7},${y0 + 52} Z`, p.edge, 1.2, 'opacity="0.7"');
  } else {
    const slant = `M300,${y0 + 46} L346,${y0 + 176}`;
    front += seam(`M452,${y0 + 46} L452,${y0 + 220}`, p, 0.8) + stitch(`M474,${y0 + 50} L474,${y0 + 196} Q472,${y0 + 218} 452,${y0 + 224}`, p.line, 1.3) +
      both(slant, (d) => stroke(d, p.line, 2.6, 'opacity="0.75"'));
    if (!drawstring && !shorts) {
      const crease = both(`M${legCentre + 6},${y0 + 50} L${legCentre + 4},${crotch} L${legCentre},${hemY - 2}`, (d) => stroke(d, p.line, 1.6, 'opacity="0.3"') + stroke(d.replace(/(\d+(?:\.\d+)?),/g, (m, x: string) => `${Number(x) + 3},`), p.light, 1.4, 'opacity="0.35"'));
      front += crease;
      back += crease;
    }
    if (has(c.name, /pleat/i)) front += both(`M392,${y0 + 46} L398,${y0 + 180} M414,${y0 + 46} L418,${y0 + 150}`, (d) => stroke(d, p.line, 2, 'opacity="0.55"'));
    if (drawstring) {
      let gathers = '';
      for (let x = 300; x < 602; x += 13) gathers += `M${x},${y0 + 6} C${x + 4},${y0 + 18} ${x - 2},${y0 + 30} ${x + 2},${y0 + 40} `;
      const cords = stroke(`M440,${y0 + 30} C432,${y0 + 90} 424,${y0 + 130} 414,${y0 + 170} M460,${y0 + 30} C470,${y0 + 80} 484,${y0 + 120} 496,${y0 + 156}`, p.light, 5.5) +
        stroke(`M440,${y0 + 30} C432,${y0 + 90} 424,${y0 + 130} 414,${y0 + 170} M460,${y0 + 30} C470,${y0 + 80} 484,${y0 + 120} 496,${y0 + 156}`, p.line, 1, 'opacity="0.35"') +
        circle(440, y0 + 28, 5, p.deep) + circle(460, y0 + 28, 5, p.deep);
      front += stroke(gathers, p.line, 1.3, 'opacity="0.45"') + cords;
      back += stroke(gathers, p.line, 1.3, 'opacity="0.45"');
    } else {
      front += fill(`M452,${y0} L478,${y0} L478,${y0 + 46} L452,${y0 + 46} Z`, p.base) + stroke(`M478,${y0 + 2} L478,${y0 + 44}`, p.line, 1.6, 'opacity="0.7"') +
        button(466, y0 + 23, 7, p.shade, p.line);
      for (const x of loops) {
        const loop = `M${x - 6},${y0 - 4} L${x + 6},${y0 - 4} L${x + 6},${y0 + 50} L${x - 6},${y0 + 50} Z`;
        front += fill(loop, p.base) + stroke(loop, p.edge, 1.2, 'opacity="0.6"');
        back += fill(loop, p.base) + stroke(loop, p.edge, 1.2, 'opacity="0.6"');
      }
    }
    back += seam(`M450,${y0 + 46} L450,${crotch}`, p, 0.55) + both(`M340,${y0 + 116} L420,${y0 + 116}`, (d) => stroke(d, p.line, 3.5, 'opacity="0.7"') + stroke(d.replace(/ L.*/, ''), p.line, 0)) +
      button(380, y0 + 134, 5.5, p.shade, p.line) + both(`M362,${y0 + 48} L366,${y0 + 104}`, (d) => seam(d, p, 0.5));
  }
  return {
    front,
    back,
    silhouette: [legs],
    focus: [[440, y0 + 110, 2.2], [390, y0 + 150, 2.4]],
    fabric: denim ? 'denim' : has(c.name, /linen/i) ? 'linen' : 'twill',
    hang: { y: y0, half: 160, clip: true },
  };
}

function skirt(c: Ctx): Drawing {
  const { p } = c;
  const mini = has(c.name, /mini/i);
  const pleated = has(c.name, /pleat/i);
  const slip = has(c.name, /slip/i);
  const denim = has(c.name, /denim/i);
  const y0 = mini ? 300 : 170;
  const hemY = mini ? 800 : 1060;
  const spread = mini ? 236 : pleated ? 290 : slip ? 205 : 262;
  const shape = `M312,${y0} L588,${y0} C${slip ? 604 : 612},${y0 + 180} ${450 + spread},${hemY - 240} ${450 + spread},${hemY} Q450,${hemY + 26} ${450 - spread},${hemY} C${450 - spread},${hemY - 240} ${slip ? 296 : 288},${y0 + 180} 312,${y0} Z`;
  const band = `M312,${y0} L588,${y0} L590,${y0 + (slip ? 28 : 42)} L310,${y0 + (slip ? 28 : 42)} Z`;
  let details = '';
  let backDetails: string;
  if (pleated) {
    for (let i = -8; i <= 8; i++) {
      const x0 = 450 + i * 16.5;
      const x1 = 450 + i * (spread / 8.6);
      const bend = i * 4;
      details += stroke(`M${x0},${y0 + 42} C${x0 + bend * 0.2},${y0 + 300} ${x1 - bend},${hemY - 300} ${x1.toFixed(1)},${hemY + 20 - Math.abs(i) * 2.6}`, p.line, 1.8, 'opacity="0.45"');
      details += stroke(`M${x0 + 6},${y0 + 42} C${x0 + 6 + bend * 0.2},${y0 + 300} ${x1 + 8 - bend},${hemY - 300} ${(x1 + 9).toFixed(1)},${hemY + 20 - Math.abs(i) * 2.6}`, p.light, 2.4, 'opacity="0.3"');
    }
    backDetails = details + ribs(312, 588, y0 + 4, y0 + 38, p.line, 7, 0.3);
  } else if (slip) {
    details = highlight(`M396,${y0 + 60} C420,${y0 + 360} 386,${hemY - 220} 362,${hemY - 8}`, p, 0.35, 26) + highlight(`M414,${y0 + 80} C432,${y0 + 320} 420,${hemY - 300} 410,${hemY - 100}`, p, 0.25, 8) +
      fold(`M520,${y0 + 80} C544,${y0 + 380} 560,${hemY - 220} 590,${hemY}`, p, 0.16, 20) + fold(`M470,${y0 + 200} C480,${y0 + 420} 480,${hemY - 200} 480,${hemY + 10}`, p, 0.1, 12);
    backDetails = highlight(`M500,${y0 + 60} C476,${y0 + 360} 510,${hemY - 220} 536,${hemY - 8}`, p, 0.3, 24) + fold(`M380,${y0 + 80} C360,${y0 + 380} 344,${hemY - 220} 320,${hemY}`, p, 0.14, 18) +
      seam(`M450,${y0 + 28} L450,${hemY + 12}`, p, 0.25) + ribs(312, 588, y0 + 2, y0 + 26, p.line, 6, 0.25);
  } else if (denim) {
    details = stitch(`M312,${y0 + 8} L588,${y0 + 8} M312,${y0 + 34} L588,${y0 + 34}`, p.stitch, 1.4) + seam(`M452,${y0 + 42} L452,${y0 + 196}`, p, 0.8) +
      stitch(`M470,${y0 + 46} L470,${y0 + 170} Q468,${y0 + 194} 452,${y0 + 198}`, p.stitch, 1.6) +
      both(`M316,${y0 + 48} C350,${y0 + 54} 380,${y0 + 80} 388,${y0 + 124}`, (d) => stroke(d, p.line, 2.4, 'opacity="0.8"')) + rivet(388, y0 + 124, p.trim) + rivet(512, y0 + 124, p.trim) +
      stitch(`M${450 - spread + 8},${hemY - 20} Q450,${hemY + 6} ${450 + spread - 8},${hemY - 20}`, p.stitch, 1.6) + button(450, y0 + 21, 10, p.trim, tone(p.trim, -0.35)) +
      both(`M${450 - spread + 60},${hemY - 10} C${450 - spread + 70},${hemY - 100} ${450 - spread + 90},${hemY - 200} 360,${y0 + 220}`, (d) => fold(d, p, 0.1, 6));
    const pocket = `M332,${y0 + 96} L424,${y0 + 90} L428,${y0 + 196} L382,${y0 + 218} L336,${y0 + 200} Z`;
    backDetails = stitch(`M312,${y0 + 8} L588,${y0 + 8} M312,${y0 + 34} L588,${y0 + 34}`, p.stitch, 1.4) + seam(`M312,${y0 + 70} L450,${y0 + 90} L588,${y0 + 70}`, p, 0.6) +
      both(pocket, (d) => fill(d, p.base) + sheen(d) + stroke(d, p.line, 1.8, 'opacity="0.7"') + stitch(d, p.stitch, 1.3)) + seam(`M450,${y0 + 90} L450,${hemY}`, p, 0.5) +
      stitch(`M${450 - spread + 8},${hemY - 20} Q450,${hemY + 6} ${450 + spread - 8},${hemY - 20}`, p.stitch, 1.6);
  } else {
    details = both(`M322,${y0 + 44} L340,${y0 + 196}`, (d) => stroke(d, p.line, 2.4, 'opacity="0.7"')) + button(560, y0 + 21, 7, p.shade, p.line) +
      both(`M400,${y0 + 120} C392,${hemY - 400} 380,${hemY - 200} ${450 - spread + 90},${hemY}`, (d) => fold(d, p, 0.13, 7)) + fold(`M450,${y0 + 200} C452,${hemY - 300} 446,${hemY - 100} 450,${hemY + 16}`, p, 0.08, 8) +
      stitch(`M${450 - spread + 8},${hemY - 24} Q450,${hemY + 2} ${450 + spread - 8},${hemY - 24}`, p.stitch, 1.2);
    backDetails = seam(`M450,${y0 + 42} L450,${y0 + 280}`, p, 0.6) + both(`M380,${y0 + 42} L386,${y0 + 130}`, (d) => seam(d, p, 0.45)) +
      both(`M400,${y0 + 120} C392,${hemY - 400} 380,${hemY - 200} ${450 - spread + 90},${hemY}`, (d) => fold(d, p, 0.13, 7));
  }
  const common = piece(shape, p) + fill(band, slip ? p.base : p.shade) + sheen(band) + stroke(band, p.edge, 1.4, 'opacity="0.55"');
  return {
    front: common + details,
    back: common + backDetails,
    silhouette: [shape],
    focus: [[450, y0 + 90, 2.2], [400, y0 + 130, 2.5]],
    fabric: denim ? 'denim' : slip || pleated ? 'smooth' : 'linen',
    hang: { y: y0, half: 150, clip: true },
  };
}

function dress(c: Ctx): Drawing {
  const { p } = c;
  const slip = has(c.name, /slip/i);
  const shirtDress = has(c.name, /shirt dress/i);
  const wrap = has(c.name, /wrap/i);
  const tiered = has(c.name, /tiered/i);
  const ribbed = has(c.name, /ribbed/i);
  const sleeveless = has(c.name, /a-line/i) || slip;
  const waistY = ribbed ? 520 : 500;
  const hemY = tiered ? 1110 : ribbed ? 1080 : 1060;
  const flare = ribbed ? 136 : slip ? 196 : tiered ? 280 : 262;
  const top = slip ? 300 : 230;
  const bodice = slip
    ? `M350,${top} C396,${top + 8} 424,${top + 22} 450,${top + 34} C476,${top + 22} 504,${top + 8} 550,${top} C562,380 566,440 558,${waistY} L342,${waistY} C334,440 338,380 350,${top} Z`
    : `M392,230 C416,244 484,244 508,230 L${sleeveless ? 548 : 560},246 C${sleeveless ? 540 : 572},300 ${sleeveless ? 560 : 576},360 568,400 C562,440 560,470 560,${waistY} L340,${waistY} C340,470 338,440 332,400 C${sleeveless ? 340 : 324},360 ${sleeveless ? 360 : 328},300 ${sleeveless ? 352 : 340},246 Z`;
  const skirtShape = `M340,${waistY} L560,${waistY} C${ribbed ? 574 : 604},${waistY + 180} ${450 + flare},${hemY - 220} ${450 + flare},${hemY} Q450,${hemY + 26} ${450 - flare},${hemY} C${450 - flare},${hemY - 220} ${ribbed ? 326 : 296},${waistY + 180} 340,${waistY} Z`;
  const sleeve = wrap ? 'M340,246 C310,252 284,270 266,300 L236,384 C270,404 304,400 330,382 Z' : 'M340,246 C312,252 290,268 276,294 L252,380 L318,398 L330,330 Z';
  const sleeves = sleeveless ? '' : pair(sleeve);
  const pat = (id: string) => stripes(c, id, [bodice, skirtShape], false);
  let neck: string;
  let details = '';
  let backNeck = stroke('M392,230 C416,240 484,240 508,230', p.shade, 8);
  const straps = slip ? both(`M364,${top + 6} L372,150`, (d) => stroke(d, p.shade, 5)) : '';
  if (slip) {
    neck = straps + stroke(`M350,${top} C396,${top + 8} 424,${top + 22} 450,${top + 34} C476,${top + 22} 504,${top + 8} 550,${top}`, p.light, 3, 'opacity="0.5"') +
      highlight(`M410,${waistY + 40} C430,${waistY + 300} 400,${hemY - 200} 380,${hemY - 10}`, p, 0.35, 24) + fold(`M500,${waistY + 60} C520,${waistY + 300} 540,${hemY - 200} 560,${hemY}`, p, 0.14, 16);
    backNeck = straps + highlight(`M410,${waistY + 40} C430,${waistY + 300} 400,${hemY - 200} 380,${hemY - 10}`, p, 0.35, 24);
  } else if (wrap) {
    neck = fill('M392,230 C416,244 484,244 508,230 L456,430 Z', p.deep) + stroke('M392,230 C420,320 444,390 470,430 C500,460 530,476 560,486', p.line, 2.2, 'opacity="0.8"') + seam('M508,230 L456,428', p, 0.6);
    details = fill(`M548,${waistY - 14} C566,${waistY - 6} 580,${waistY + 8} 590,${waistY + 20} C596,${waistY + 80} 590,${waistY + 140} 582,${waistY + 190} L568,${waistY + 186} C574,${waistY + 130} 576,${waistY + 70} 568,${waistY + 26} Z`, p.shade) +
      fill(`M556,${waistY - 6} C580,${waistY + 20} 600,${waistY + 60} 616,${waistY + 150} L602,${waistY + 156} C590,${waistY + 80} 574,${waistY + 40} 552,${waistY + 10} Z`, p.base) +
      stroke(`M470,${waistY} C500,${waistY + 200} 520,${hemY - 300} 544,${hemY + 12}`, p.line, 2, 'opacity="0.55"') + fill(`M340,${waistY - 12} L560,${waistY - 12} L560,${waistY + 10} L340,${waistY + 10} Z`, p.shade);
  } else if (shirtDress) {
    const leaf = 'M448,282 L394,230 L374,248 L402,318 L448,298 Z';
    neck = fill('M392,230 C416,244 484,244 508,230 C496,280 404,280 392,230 Z', p.deep) + both(leaf, (d) => fill(d, p.base) + sheen(d) + stroke(d, p.edge, 1.8, 'opacity="0.7"'));
    details = seam(`M450,282 L450,${hemY + 14}`, p, 0.7) + fill(`M334,${waistY - 16} L566,${waistY - 16} L566,${waistY + 16} L334,${waistY + 16} Z`, p.shade) + stroke(`M334,${waistY - 16} L566,${waistY - 16} M334,${waistY + 16} L566,${waistY + 16}`, p.edge, 1.4, 'opacity="0.6"') +
      fill(`M438,${waistY - 10} C420,${waistY + 60} 412,${waistY + 120} 404,${waistY + 170} L420,${waistY + 174} C430,${waistY + 120} 440,${waistY + 60} 452,${waistY + 4} Z`, p.shade) +
      fill(`M456,${waistY - 6} C468,${waistY + 50} 478,${waistY + 110} 488,${waistY + 154} L472,${waistY + 158} C462,${waistY + 110} 452,${waistY + 50} 446,${waistY + 4} Z`, p.shade) + ellipse(450, waistY, 16, 20, p.shade) + stroke('M440,490 C446,500 454,500 460,490', p.line, 1.2, 'opacity="0.5"') +
      both(`M360,${waistY + 90} C354,${waistY + 140} 350,${waistY + 160} 348,${waistY + 200}`, (d) => seam(d, p, 0.6));
    for (let y = 320; y < hemY - 40; y += 86) if (Math.abs(y - waistY) > 40) details += button(450, y, 6, p.light, p.line);
  } else {
    neck = fill('M392,230 C416,244 484,244 508,230 C496,292 404,292 392,230 Z', p.deep) + stroke('M392,230 C404,292 496,292 508,230', p.shade, 9);
  }
  if (tiered) {
    let tiers = '';
    for (const y of [waistY + 190, waistY + 400]) {
      const t = (y - waistY) / (hemY - waistY);
      const hw = 118 + (flare - 118) * Math.sqrt(t) + 14;
      tiers += stroke(`M${450 - hw - 60},${y - 8} Q450,${y + 18} ${450 + hw + 60},${y - 8}`, p.line, 2.2, 'opacity="0.6"');
      for (let i = -5; i <= 5; i++) tiers += stroke(`M${450 + (i * hw) / 6},${y + 8} L${450 + (i * hw) / 5.6},${y + 70}`, p.line, 1.4, 'opacity="0.25"');
    }
    for (let i = -5; i <= 5; i++) tiers += stroke(`M${450 + i * 19},${waistY + 6} L${450 + i * 22},${waistY + 60}`, p.line, 1.4, 'opacity="0.3"');
    details += `<clipPath id="tiers"><path d="${skirtShape}"/></clipPath><g clip-path="url(#tiers)">${tiers}</g>`;
  }
  if (ribbed) details += ribs(328, 574, 250, hemY + 10, p.line, 11, 0.16);
  const waistSeam = shirtDress || wrap || slip ? '' : seam(`M340,${waistY} L560,${waistY}`, p, ribbed ? 0.3 : 0.6);
  const folds = ribbed ? '' : both(`M392,${waistY + 60} C378,${hemY - 320} 360,${hemY - 160} ${450 - flare + 80},${hemY - 6}`, (d) => fold(d, p, 0.14, 7));
  const darts = slip || ribbed ? '' : both(`M392,${waistY} L396,${waistY - 90}`, (d) => seam(d, p, 0.35));
  const base = (id: string) => (sleeves ? piece(sleeves, p) : '') + fill(skirtShape, p.base) + fill(bodice, p.base) + pat(id) + sheen(skirtShape) + sheen(bodice) +
    stroke(skirtShape, p.edge, 1.6, 'opacity="0.55"') + stroke(bodice, p.edge, 1.6, 'opacity="0.55"') + waistSeam + folds + darts;
  return {
    front: base('df') + neck + details,
    back: base('db') + backNeck + (slip ? '' : seam(`M450,240 L450,${waistY + 160}`, p, 0.5) + (shirtDress ? fill(`M334,${waistY - 16} L566,${waistY - 16} L566,${waistY + 16} L334,${waistY + 16} Z`, p.shade) : '')),
    silhouette: [bodice, skirtShape, sleeves],
    focus: slip ? [[450, 360, 2.1]] : [[450, 330, 2.1], [wrap ? 540 : 450, waistY + (tiered ? 120 : 10), 2.1]],
    fabric: ribbed ? 'knit' : slip ? 'smooth' : shirtDress ? 'twill' : 'linen',
    hang: slip ? { y: 144, half: 140 } : { y: 226, half: 120 },
  };
}

function abaya(c: Ctx): Drawing {
  const { p } = c;
  const kimono = has(c.name, /kimono/i);
  const tapered = has(c.name, /jersey/i);
  const body = 'M396,164 C424,176 476,176 504,164 L590,188 C602,300 612,420 628,540 C656,740 684,940 708,1120 Q450,1140 192,1120 C216,940 244,740 272,540 C288,420 298,300 310,188 Z';
  const sleeve = kimono
    ? 'M310,188 C250,210 170,250 118,300 L84,556 L270,578 L276,420 Z'
    : tapered
      ? 'M310,188 C270,226 236,360 214,520 C204,600 196,660 190,716 L262,726 C268,640 276,580 286,520 Z'
      : 'M310,188 C266,212 230,262 204,330 C166,430 124,540 92,646 C132,674 196,684 254,672 C260,600 268,560 278,520 Z';
  const sleeves = pair(sleeve);
  const cuff = kimono ? 'M88,520 L272,542 L270,578 L84,556 Z' : tapered ? 'M194,676 L266,686 L262,726 L190,716 Z' : 'M102,616 C140,640 200,648 258,636 L254,672 C196,684 132,674 92,646 Z';
  const opening = 'M418,174 L444,1132 L456,1132 L482,174 C466,178 434,178 418,174 Z';
  const trimW = has(c.name, /classic|embroider/i) ? 9 : 6;
  const trims = stroke('M418,172 L444,1130', p.trim, trimW) + stroke('M482,172 L456,1130', p.trim, trimW) + stroke('M396,166 C424,180 476,180 504,166', p.trim, trimW - 2) +
    both(cuff, (d) => fill(d, p.trim, 'opacity="0.92"'));
  let embroidery = '';
  if (has(c.name, /embroider/i)) {
    for (let y = 220; y < 1100; y += 44) {
      const t = (y - 170) / 960;
      const xl = 418 + 26 * t - 18;
      const diamond = (x: number) => `M${x.toFixed(1)},${y - 9} L${(x + 6).toFixed(1)},${y} L${x.toFixed(1)},${y + 9} L${(x - 6).toFixed(1)},${y} Z`;
      embroidery += fill(diamond(xl), p.trim) + fill(diamond(900 - xl), p.trim) + circle(xl - 12, y + 22, 2.6, p.trim) + circle(912 - xl, y + 22, 2.6, p.trim);
    }
    embroidery += both('M112,600 L120,612 L112,624 L104,612 Z', (d) => fill(d, p.trim)) + both('M150,612 L158,624 L150,636 L142,624 Z M190,620 L198,632 L190,644 L182,632 Z M228,622 L236,634 L228,646 L220,634 Z', (d) => fill(d, p.trim));
  } else if (has(c.name, /linen/i)) {
    embroidery = both('M406,220 L432,1100', (d) => stroke(d, p.trim, 2, 'stroke-dasharray="3 9" opacity="0.9"'));
  }
  const belt = has(c.name, /classic/i)
    ? fill('M272,540 C380,556 520,556 628,540 L630,566 C520,582 380,582 270,566 Z', p.base) + stroke('M272,540 C380,556 520,556 628,540 M270,566 C380,582 520,582 630,566', p.edge, 1.4, 'opacity="0.8"') +
      fill('M430,560 C420,620 410,690 398,760 L418,764 C428,700 438,630 446,566 Z', p.base) + fill('M462,562 C474,610 484,660 494,720 L476,724 C468,670 458,620 452,566 Z', p.shade) + ellipse(450, 562, 18, 16, p.shade)
    : '';
  const folds = both('M330,620 C314,800 300,960 284,1120 M392,640 C390,800 388,960 386,1124', (d) => fold(d, p, 0.15, 7)) +
    (kimono ? both('M140,320 C170,360 200,380 240,390', (d) => fold(d, p, 0.15, 5)) : tapered ? both('M262,330 C246,420 236,520 230,620', (d) => fold(d, p, 0.14, 6)) : both('M214,380 C196,450 180,520 170,600 M254,420 C244,480 238,540 236,600', (d) => fold(d, p, 0.14, 6)));
  const base = piece(sleeves, p) + piece(body, p) + folds + both('M310,190 C296,300 290,420 278,520', (d) => seam(d, p, 0.35));
  return {
    front: base + fill(opening, p.deep, 'opacity="0.7"') + trims + embroidery + belt,
    back: base + seam('M450,176 L450,1130', p, 0.35) + stroke('M396,166 C424,180 476,180 504,166', p.trim, trimW - 2) + both(cuff, (d) => fill(d, p.trim, 'opacity="0.92"')) +
      (has(c.name, /embroider/i) ? both('M450,240 L450,240', () => '') : ''),
    silhouette: [body, sleeves],
    focus: [[440, 280, 2.3], [kimono ? 180 : 170, kimono ? 540 : 640, 2.2]],
    fabric: has(c.name, /linen/i) ? 'linen' : has(c.name, /jersey/i) ? 'jersey' : 'smooth',
    hang: { y: 160, half: 140 },
  };
}

// ---------- shoes (side view, toe to the right) ----------

function sneaker(c: Ctx): string {
  const { p } = c;
  const gum = has(c.name, /suede/i);
  const sole = gum ? '#b8844f' : '#f4f1ea';
  const soleEdge = tone(sole, -0.25);
  const soleShape = 'M150,698 L772,698 C794,698 808,708 808,726 C808,748 794,760 770,760 L172,760 C148,760 134,750 134,732 C134,714 138,700 150,698 Z';
  const upper = 'M150,700 C136,644 138,572 156,514 C196,506 240,520 272,544 C304,524 332,494 356,470 L400,452 C416,460 428,472 434,486 C492,526 552,566 616,590 C690,610 752,618 786,640 C804,652 810,678 804,700 Z';
  const eyestay = 'M366,490 C432,532 520,576 616,594 L608,626 C514,608 428,566 356,522 Z';
  const heel = 'M150,700 C136,644 138,572 156,514 C176,510 194,512 210,516 C198,580 198,650 206,700 Z';
  const edge = luminance(p.base) > 0.6 ? tone(p.base, -0.32) : p.edge;
  let laces = '';
  for (let i = 0; i < 6; i++) {
    const t = i / 5;
    const x = 376 + t * 222;
    const y = 512 + t * 90 - t * t * 10;
    const lace = `M${x.toFixed(1)},${y.toFixed(1)} L${(x + 16).toFixed(1)},${(y - 32).toFixed(1)}`;
    laces += circle(x, y, 4.5, p.deep) + stroke(lace, gum ? '#f1eadc' : tone(p.base, -0.04), 7.5) + stroke(lace, edge, 1, 'opacity="0.45"');
  }
  return fill(soleShape, sole) + stroke(soleShape, soleEdge, 1.8) + stroke('M138,740 L806,740', soleEdge, 1.6, 'opacity="0.7"') + stitch('M156,714 L792,714', soleEdge, 1.4) +
    fill('M350,478 L398,446 C414,450 428,464 436,482 L420,498 Z', p.shade) + stroke('M350,478 L398,446 C414,450 428,464 436,482', edge, 1.4, 'opacity="0.6"') +
    fill(upper, p.base) + sheen(upper) + stroke(upper, edge, 2, 'opacity="0.8"') +
    fill(heel, p.trim) + stroke(heel, edge, 1.4, 'opacity="0.6"') +
    fill(eyestay, p.base) + stroke('M356,522 C428,566 514,608 608,626', edge, 1.6, 'opacity="0.7"') + stitch('M360,512 C430,556 516,598 610,616', edge, 1.2) + laces +
    stroke('M272,548 C296,600 302,650 298,700', edge, 1.6, 'opacity="0.7"') +
    stroke('M646,700 C644,660 664,624 714,616', edge, 1.6, 'opacity="0.7"') + stroke('M658,700 C656,666 672,636 716,628', edge, 1.4, 'stroke-dasharray="1 8" opacity="0.8"') +
    stitch('M212,688 L788,688', edge, 1.2) + stroke('M160,520 C200,514 238,528 268,550', p.light, 4, 'opacity="0.6"') + highlight('M470,540 C540,580 620,606 700,620', p, 0.35, 10);
}

function loafer(c: Ctx): string {
  const { p } = c;
  const upper = 'M160,744 C148,700 148,642 164,596 C220,610 282,624 340,626 C392,626 432,604 468,572 C532,564 596,576 652,606 C716,638 768,672 796,704 C808,718 810,736 800,744 Z';
  const lining = mix(p.base, '#d8b48a', 0.55);
  const soleColor = tone(p.base, -0.5);
  const sole = 'M156,738 L792,738 C810,742 814,760 800,770 C780,784 720,788 640,788 L520,788 C440,782 360,772 300,766 L300,752 L160,752 Z';
  const heel = 'M166,748 L302,748 L298,790 L170,790 Z';
  const strap = 'M430,604 C474,588 522,582 570,590 L580,652 C530,646 478,654 442,668 Z';
  return fill(heel, soleColor) + stroke('M170,762 L300,762 M170,776 L299,776', tone(soleColor, 0.25), 1.4) +
    fill(sole, soleColor) + stroke('M300,760 C380,766 450,772 520,778', tone(soleColor, 0.3), 1.2, 'opacity="0.7"') +
    fill('M164,598 C236,562 380,546 476,566 L470,580 C380,580 250,600 164,610 Z', lining) +
    fill(upper, p.base) + sheen(upper) + stroke(upper, p.edge, 1.8, 'opacity="0.8"') +
    fill('M164,596 C236,562 380,546 476,566 C436,600 394,622 340,626 C282,624 220,610 164,596 Z', lining) +
    fill('M176,598 C250,572 380,560 460,572 C420,598 388,612 340,614 C282,612 226,604 176,598 Z', tone(lining, -0.25)) +
    stroke('M164,598 C220,612 282,626 340,628 C392,628 432,606 468,574', tone(p.base, 0.12), 4, 'opacity="0.8"') +
    stroke('M476,580 C560,576 660,622 744,690', p.line, 3.2, 'opacity="0.75"') + stroke('M482,590 C562,588 656,632 736,696', p.line, 1.2, 'stroke-dasharray="2 6" opacity="0.8"') +
    fill(strap, p.base) + sheen(strap) + stroke(strap, p.line, 1.6, 'opacity="0.8"') + stroke('M434,610 C476,596 522,590 570,598', p.light, 2, 'opacity="0.5"') +
    fill('M472,616 C496,608 522,608 544,612 C524,624 496,626 472,622 Z', p.deep) +
    seam('M218,612 C210,664 210,710 218,744', p, 0.5) + stitch('M170,732 L786,732', p.line, 1.2) + highlight('M610,608 C680,636 740,672 776,708', p, 0.4, 10) +
    highlight('M240,660 C300,672 360,672 420,660', p, 0.18, 14);
}

function sandalTop(c: Ctx): string {
  const { p } = c;
  const slide = has(c.name, /slide/i);
  const footbed = slide ? '#b49672' : tone(p.base, 0.3);
  const sole = 'M0,300 C-62,300 -84,250 -84,180 C-84,100 -96,0 -104,-110 C-112,-220 -64,-296 6,-298 C78,-300 112,-236 106,-130 C100,-30 84,70 84,180 C84,250 62,300 0,300 Z';
  const bed = group('scale(0.93)', fill(sole, footbed)) + stroke('M-10,200 C-8,100 -14,0 -20,-100', tone(footbed, -0.2), 6, 'opacity="0.25"') +
    ellipse(0, 215, 46, 60, tone(footbed, -0.15), 'opacity="0.18"') + ellipse(-8, -170, 62, 72, tone(footbed, -0.12), 'opacity="0.14"');
  const outsole = fill(sole, tone(p.base, slide ? 0.12 : -0.4)) + stroke(sole, tone(p.base, -0.5), 1.6, 'opacity="0.6"');
  let straps: string;
  if (slide) {
    const band = 'M-112,-186 C-40,-212 44,-212 114,-184 L106,-44 C40,-62 -40,-62 -100,-46 Z';
    straps = fill(band, p.base) + sheen(band) + stroke(band, p.edge, 2, 'opacity="0.7"') + stroke('M-96,-170 C-40,-190 40,-190 100,-168', p.light, 3, 'opacity="0.5"') +
      stroke('M-92,-60 C-40,-74 40,-74 94,-58', p.line, 1.4, 'stroke-dasharray="5 5" opacity="0.7"');
  } else if (has(c.name, /two-strap|buckle|strap sandals/i)) {
    const a = 'M-112,-176 C-40,-190 44,-190 112,-172 L110,-108 C40,-122 -40,-122 -108,-112 Z';
    const b = 'M-94,-20 C-30,-30 30,-30 92,-20 L92,42 C30,34 -30,34 -92,42 Z';
    straps = [a, b].map((d) => fill(d, p.base) + sheen(d) + stroke(d, p.edge, 2, 'opacity="0.7"') + stroke(d, tone(p.base, -0.3), 1.2, 'stroke-dasharray="4 5" opacity="0.6" transform="scale(0.9)"')).join('') +
      `<rect x="56" y="-26" width="30" height="74" rx="6" fill="none" stroke="#c9b27c" stroke-width="6"/>` + stroke('M60,11 L86,11', '#c9b27c', 4);
  } else {
    const a = 'M-110,-200 L-104,-136 C-30,-96 40,-54 100,-26 L102,-92 C40,-124 -40,-170 -110,-200 Z';
    const b = 'M110,-200 L104,-136 C30,-96 -40,-54 -100,-26 L-102,-92 C-40,-124 40,-170 110,-200 Z';
    straps = [a, b].map((d) => fill(d, p.base) + sheen(d) + stroke(d, p.edge, 2, 'opacity="0.8"')).join('') + stroke('M-100,-36 C-40,-66 40,-110 104,-140', tone(p.base, -0.3), 1.4, 'stroke-dasharray="4 5" opacity="0.6"');
  }
  return outsole + bed + straps;
}

function shoes(c: Ctx, kind: 'sneakers' | 'loafers' | 'sandals'): Drawing {
  const { p } = c;
  if (kind === 'sandals') {
    const one = sandalTop(c);
    const soleOutline = 'M0,300 C-62,300 -84,250 -84,180 C-84,100 -96,0 -104,-110 C-112,-220 -64,-296 6,-298 C78,-300 112,-236 106,-130 C100,-30 84,70 84,180 C84,250 62,300 0,300 Z';
    const place = (x: number, y: number, r: number, flip: boolean) => `translate(${x} ${y}) rotate(${r}) scale(${flip ? -1 : 1} 1)`;
    const shade = (t: string) => `<g transform="${t}"><g transform="translate(8 14)" fill="${p.shadow}" stroke="${p.shadow}" stroke-linejoin="round"><g opacity="0.05" stroke-width="30"><path d="${soleOutline}"/></g><g opacity="0.08" stroke-width="12"><path d="${soleOutline}"/></g></g></g>`;
    const a = place(330, 610, -5, true);
    const b = place(570, 630, 5, false);
    const front = shade(a) + shade(b) + group(a, one) + group(b, one);
    const s1 = place(380, 560, -28, true);
    const s2 = place(560, 680, 12, false);
    return {
      front,
      silhouette: [],
      focus: [[570, 470, 2]],
      fabric: 'leather',
      styled: shade(s1) + shade(s2) + group(s1, one) + group(s2, one),
    };
  }
  const one = kind === 'sneakers' ? sneaker(c) : loafer(c);
  const outline = kind === 'sneakers' ? 'M150,700 C138,600 140,560 156,514 C240,520 300,520 400,452 C552,566 690,610 786,640 L808,728 L770,760 L172,760 L134,732 Z' : 'M160,744 C148,700 148,642 164,596 C282,560 390,546 476,566 C610,566 732,630 804,728 L800,770 L640,788 L170,790 Z';
  const sh = (dx: number, dy: number) => `<g transform="translate(${dx} ${dy})" fill="${p.shadow}" stroke="${p.shadow}" stroke-linejoin="round"><g opacity="0.06" stroke-width="30"><path d="${outline}"/></g><g opacity="0.09" stroke-width="10"><path d="${outline}"/></g></g>`;
  const floor = ellipse(470, kind === 'sneakers' ? 764 : 792, 360, 16, p.shadow, 'opacity="0.12"');
  return {
    front: group('translate(450 640) scale(1.1) translate(-470 -660)', floor + sh(6, 6) + one),
    silhouette: [],
    focus: kind === 'sneakers' ? [[500, 600, 2.1]] : [[500, 630, 2.1]],
    fabric: has(c.name, /suede/i) ? 'leather' : 'leather',
    styled: group('translate(110 -150) scale(0.86)', ellipse(470, 790, 360, 16, p.shadow, 'opacity="0.1"') + sh(6, 6) + one) + group('translate(40 190) scale(0.9)', floor + sh(6, 6) + one),
  };
}

function draw(product: DemoProduct): Drawing {
  const c: Ctx = { p: palette(product.color, product.accent), name: product.name, seed: hash(product.name) };
  switch (product.garment) {
    case 't-shirt':
    case 'polo':
    case 'sweater':
    case 'hoodie':
      return tee(c, product.garment);
    case 'shirt':
      return shirt(c);
    case 'jacket':
    case 'blazer':
      return outerwear(c, product.garment);
    case 'blouse':
      return blouse(c);
    case 'jeans':
    case 'trousers':
    case 'shorts':
      return bottoms(c, product.garment);
    case 'skirt':
      return skirt(c);
    case 'dress':
      return dress(c);
    case 'abaya':
      return abaya(c);
    case 'sneakers':
    case 'loafers':
    case 'sandals':
      return shoes(c, product.garment);
  }
}

// ---------- styled views ----------

function folded(c: Ctx, kind: 't-shirt' | 'sweater'): string {
  const { p } = c;
  // A neatly folded garment seen from above: the body square with the collar on top, sleeves tucked behind.
  const body = 'M250,430 L650,430 C664,430 672,438 672,452 L672,810 C672,824 664,832 650,832 L250,832 C236,832 228,824 228,810 L228,452 C228,438 236,430 250,430 Z';
  const knit = kind === 'sweater';
  const neckBack = 'M376,430 C404,414 496,414 524,430';
  const collar = knit ? 22 : 15;
  const pat = stripes(c, 'fold', [body], false).replace(/y="(\d+)"/g, (_, y: string) => `y="${Number(y) + 120}"`);
  return group('translate(450 640) scale(1.3) translate(-450 -630)', shadow([body], p) +
    fill(body, p.base) + pat + sheen(body) + stroke(body, p.edge, 1.6, 'opacity="0.6"') +
    both('M262,440 C258,560 258,700 262,822', (d) => fold(d, p, 0.22, 10)) + fold('M240,800 L660,800', p, 0.16, 10) +
    both('M376,430 L262,446', (d) => seam(d, p, 0.5)) +
    fill(`${neckBack} C512,486 388,486 376,430 Z`, p.deep) +
    fill(`M376,430 C388,486 512,486 524,430 L${524 + collar},434 C${514 + collar * 0.6},${500 + collar * 1.5} ${386 - collar * 0.6},${500 + collar * 1.5} ${376 - collar},434 Z`, p.shade) +
    stroke(`M376,430 C388,486 512,486 524,430 L${524 + collar},434 C${514 + collar * 0.6},${500 + collar * 1.5} ${386 - collar * 0.6},${500 + collar * 1.5} ${376 - collar},434 Z`, p.edge, 1.4, 'opacity="0.5"') +
    (knit ? ribs(232, 668, 778, 828, p.line, 9, 0.3) + fill('M232,772 L668,772 L668,778 L232,778 Z', p.line, 'opacity="0.15"') : stitch('M240,812 L660,812', p.stitch, 1.4)) +
    (has(c.name, /pocket/i) ? fill('M486,540 L556,540 L556,616 Q521,626 486,616 Z', p.base) + stroke('M486,540 L556,540 L556,616 Q521,626 486,616 Z', p.line, 1.6, 'opacity="0.6"') : '') +
    fill('M436,440 L464,440 L464,460 L436,460 Z', p.light, 'opacity="0.8"'));
}

const HOOK = 62;

function hanger(y: number, half: number, clip: boolean, hook = HOOK): string {
  const wood = '#b7895d';
  const top = y - hook;
  const hookPath = stroke(`M450,${y - 4} L450,${top} C450,${top - 42} 496,${top - 42} 496,${top - 10} C496,${top + 2} 488,${top + 8} 480,${top + 8}`, '#a6a39d', 6) +
    stroke(`M449,${y - 20} L449,${top + 2}`, '#d6d3cc', 1.6, 'opacity="0.8"');
  if (clip) {
    return hookPath + fill(`M${450 - half - 20},${y - 10} L${450 + half + 20},${y - 10} C${450 + half + 26},${y - 10} ${450 + half + 26},${y + 8} ${450 + half + 20},${y + 8} L${450 - half - 20},${y + 8} C${450 - half - 26},${y + 8} ${450 - half - 26},${y - 10} ${450 - half - 20},${y - 10} Z`, wood) +
      both(`M${450 - half + 4},${y + 2} L${450 - half + 28},${y + 2} L${450 - half + 28},${y + 40} L${450 - half + 4},${y + 40} Z`, (d) => fill(d, '#6e6a64') + stroke(d, '#4b4844', 1.2));
  }
  const bar = `M${450 - half},${y + 42} C${450 - half * 0.6},${y + 20} ${450 - half * 0.25},${y} 450,${y} C${450 + half * 0.25},${y} ${450 + half * 0.6},${y + 20} ${450 + half},${y + 42} C${450 + half + 6},${y + 46} ${450 + half + 2},${y + 56} ${450 + half - 6},${y + 54} C${450 + half * 0.6},${y + 36} ${450 + half * 0.25},${y + 16} 450,${y + 16} C${450 - half * 0.25},${y + 16} ${450 - half * 0.6},${y + 36} ${450 - half + 6},${y + 54} C${450 - half - 2},${y + 56} ${450 - half - 6},${y + 46} ${450 - half},${y + 42} Z`;
  return hookPath + fill(bar, wood) + stroke(`M${450 - half + 6},${y + 44} C${450 - half * 0.6},${y + 24} ${450 - half * 0.25},${y + 5} 450,${y + 5} C${450 + half * 0.25},${y + 5} ${450 + half * 0.6},${y + 24} ${450 + half - 6},${y + 44}`, '#d9b48b', 2, 'opacity="0.8"');
}

/** The garment on its hanger, placed so the hook's top lands on (x, y) at the given scale. */
function onHanger(d: Drawing, p: Palette, x: number, y: number, scale: number): string {
  const hang = d.hang ?? { y: 250, half: 160 };
  // A hood stands in front of the hanger, so the hanger goes behind and its hook is long enough to show.
  const hook = hang.hood ? 190 : HOOK;
  const hookTop = hang.y - hook - 46;
  const rack = hanger(hang.y, hang.half, hang.clip ?? false, hook);
  return group(`translate(${x} ${y}) scale(${scale}) translate(-450 ${-hookTop})`, hang.hood ? rack + shadow(d.silhouette, p) + d.front : shadow(d.silhouette, p) + d.front + rack);
}

// ---------- fabric close-ups ----------

/** Weave or knit lines for the close-up, generated only inside the visible window [x0, x1] x [y0, y1]. */
function texture(fabric: Fabric, d: Drawing, p: Palette, seed: number, [x0, x1, y0, y1]: [number, number, number, number]): string {
  const clip = d.silhouette.filter(Boolean).map((s) => `<path d="${s}"/>`).join('');
  if (!clip) return '';
  const rnd = random(seed);
  const r = (v: number) => v.toFixed(0);
  const diagonal = (step: number, slope: number) => {
    let a = '';
    for (let k = x0 - (y1 - y0) * slope; k < x1; k += step) a += `M${r(k)},${r(y0)} L${r(k + (y1 - y0) * slope)},${r(y1)} `;
    return a;
  };
  let body: string;
  if (fabric === 'denim') {
    const a = diagonal(6, 0.6);
    body = stroke(a, p.light, 1.4, 'opacity="0.16"') + stroke(a, p.deep, 0.9, 'opacity="0.12" transform="translate(3 0)"');
  } else if (fabric === 'knit') {
    let a = '';
    for (let y = y0; y < y1; y += 11) {
      a += `M${r(x0)},${r(y)}`;
      for (let x = x0; x < x1; x += 10) a += ` L${r(x + 5)},${r(y + 7)} L${r(x + 10)},${r(y)}`;
      a += ' ';
    }
    body = stroke(a, p.line, 1.3, 'opacity="0.22"');
  } else if (fabric === 'linen') {
    let a = '';
    let b = '';
    const w = x1 - x0;
    const h = y1 - y0;
    for (let y = y0; y < y1; y += 4) if (rnd() > 0.45) a += `M${r(x0 + rnd() * w * 0.4)},${r(y)} L${r(x0 + w * 0.5 + rnd() * w * 0.5)},${r(y)} `;
    for (let x = x0; x < x1; x += 5) if (rnd() > 0.55) b += `M${r(x)},${r(y0 + rnd() * h * 0.4)} L${r(x)},${r(y0 + h * 0.5 + rnd() * h * 0.5)} `;
    body = stroke(a, p.line, 0.9, 'opacity="0.14"') + stroke(b, p.light, 0.9, 'opacity="0.14"');
  } else if (fabric === 'twill') {
    body = stroke(diagonal(4.5, 0.35), p.line, 0.7, 'opacity="0.1"');
  } else if (fabric === 'jersey') {
    let a = '';
    for (let x = x0; x < x1; x += 3.5) a += `M${r(x)},${r(y0)} L${r(x)},${r(y1)} `;
    body = stroke(a, p.line, 0.7, 'opacity="0.08"');
  } else {
    return '';
  }
  return `<clipPath id="tex">${clip}</clipPath><g clip-path="url(#tex)">${body}</g>`;
}

// ---------- composition ----------

function defs(p: Palette): string {
  return `<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bgTop}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient>
<linearGradient id="glow" x1="0.1" y1="0" x2="0.9" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.3"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0.08"/><stop offset="1" stop-color="#000000" stop-opacity="0.06"/></linearGradient>
<linearGradient id="sheen" gradientUnits="userSpaceOnUse" x1="150" y1="150" x2="750" y2="1150"><stop offset="0" stop-color="#ffffff" stop-opacity="0.12"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.1"/></linearGradient>
</defs>`;
}

// Two linear gradients rather than a radial vignette: a full-frame radial gradient doubles the rendering time.
function backdrop(p: Palette): string {
  return `${defs(p)}<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>`;
}

function svgDoc(w: number, h: number, inner: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${inner}</svg>`;
}

// Layered strokes instead of a blur filter: a soft edge at a fraction of the rendering cost.
function shadow(silhouette: string[], p: Palette, zoomed = false): string {
  const pieces = silhouette.filter(Boolean).map((s) => `<path d="${s}"/>`).join('');
  if (!pieces) return '';
  // Zoomed in, a tighter shadow is enough and the wide layers would cost the most.
  const layers: [number, number][] = zoomed ? [[0.06, 14], [0.08, 5]] : [[0.035, 40], [0.04, 28], [0.05, 16], [0.07, 6]];
  return `<g fill="${p.shadow}" stroke="${p.shadow}" stroke-linejoin="round" transform="translate(${zoomed ? '5 8' : '9 15'})">` +
    layers.map(([opacity, width]) => `<g opacity="${opacity}" stroke-width="${width}">${pieces}</g>`).join('') + '</g>';
}

export function productImageSvgs(product: DemoProduct): ProductArt[] {
  const p = palette(product.color, product.accent);
  const seed = hash(product.name);
  const d = draw(product);
  const head = backdrop(p);
  const out: ProductArt[] = [{ label: 'front', svg: svgDoc(W, H, head + shadow(d.silhouette, p) + d.front) }];
  if (d.back) out.push({ label: 'back', svg: svgDoc(W, H, head + shadow(d.silhouette, p) + d.back) });
  const [fx, fy, s] = d.focus[seed % d.focus.length] ?? [450, 500, 2];
  out.push({
    label: 'detail',
    svg: svgDoc(W, H, head + group(`translate(450 600) scale(${s}) translate(${-fx} ${-fy})`,
      shadow(d.silhouette, p, true) + d.front + texture(d.fabric, d, p, seed, [fx - 450 / s - 8, fx + 450 / s + 8, fy - 600 / s - 8, fy + 600 / s + 8]))),
  });
  if (d.styled && (!d.hang || seed % 2 === 0)) out.push({ label: 'styled', svg: svgDoc(W, H, head + d.styled) });
  else if (d.hang) out.push({ label: 'styled', svg: svgDoc(W, H, head + rail(W) + onHanger(d, p, 450, 126, 0.8)) });
  return out;
}

function rail(width: number): string {
  return fill(`M0,120 L${width},120 L${width},128 L0,128 Z`, '#8e8376', 'opacity="0.9"') + fill(`M0,120 L${width},120 L${width},122 L0,122 Z`, '#b9ad9e');
}

// ---------- collection ----------

function sample(name: string, garment: GarmentKind, color: string, accent?: string): DemoProduct {
  return { name, description: '', price: 1, disCountPrecent: 0, gender: 'women', category: '', garment, color, ...(accent ? { accent } : {}) };
}

/** A stack of folded knits seen from the front, as on a shop table. */
function stack(x: number, y: number, colors: string[]): string {
  let out = ellipse(x, y + 6, 170, 14, '#5a4630', 'opacity="0.14"');
  colors.forEach((color, i) => {
    const p = palette(color, undefined);
    const top = y - (i + 1) * 46;
    const dx = (i % 2 ? 6 : -4) + x;
    const d = `M${dx - 150},${top + 10} C${dx - 150},${top} ${dx - 144},${top - 2} ${dx - 132},${top - 2} L${dx + 132},${top - 2} C${dx + 144},${top - 2} ${dx + 150},${top} ${dx + 150},${top + 10} L${dx + 152},${top + 36} C${dx + 152},${top + 44} ${dx + 146},${top + 46} ${dx + 136},${top + 46} L${dx - 136},${top + 46} C${dx - 146},${top + 46} ${dx - 152},${top + 44} ${dx - 152},${top + 36} Z`;
    out += fill(d, p.base) + stroke(d, p.edge, 1.4, 'opacity="0.7"') + stroke(`M${dx - 146},${top + 22} C${dx - 60},${top + 26} ${dx + 60},${top + 26} ${dx + 146},${top + 22}`, p.line, 2, 'opacity="0.35"') +
      stroke(`M${dx - 140},${top + 4} L${dx + 140},${top + 4}`, p.light, 3, 'opacity="0.5"');
  });
  return out;
}

export function collectionImageSvg(gender: Gender): string {
  const w = 1200;
  const h = 1500;
  const railY = gender === 'women' ? 318 : 400;
  const floorY = 1268;
  const hung: [DemoProduct, number, number][] =
    gender === 'women'
      ? [
          [sample('Tie-Neck Blouse', 'blouse', '#f1ebdf'), 262, 0.66],
          [sample('Linen Wrap Midi Dress', 'dress', '#b8603e'), 492, 0.68],
          [sample('Embroidered Abaya', 'abaya', '#263150', '#c8b79a'), 724, 0.68],
          [sample('Tiered Maxi Dress', 'dress', '#c98f8f'), 948, 0.66],
        ]
      : [
          [sample('Linen Relaxed Shirt', 'shirt', '#d5c09c'), 258, 0.72],
          [sample('Unstructured Blazer', 'blazer', '#2a3552'), 490, 0.74],
          [sample('Oxford Button-Down Shirt', 'shirt', '#f6f5f1'), 720, 0.72],
          [sample('Stripe Knit Sweater', 'sweater', '#a85a36', '#efe4cf'), 946, 0.72],
        ];
  let art = '';
  for (const [item, x, scale] of hung) art += onHanger(draw(item), palette(item.color, item.accent), x, railY - 6, scale);
  const shoe = gender === 'women' ? sample('Suede Penny Loafers', 'loafers', '#9a8573') : sample('Leather Low-Top Sneakers', 'sneakers', '#f5f4f0', '#2f3a4f');
  const draws = (color: string) => {
    const sc: Ctx = { p: palette(color, shoe.accent), name: shoe.name, seed: 1 };
    return shoe.garment === 'loafers' ? loafer(sc) : sneaker(sc);
  };
  const one = draws(shoe.color);
  const shoeBottom = shoe.garment === 'loafers' ? 790 : 760;
  const shoes = ellipse(900, floorY + 122, 190, 12, '#5a4630', 'opacity="0.16"') +
    group(`translate(842 ${floorY + 104}) scale(0.355) translate(-150 ${-shoeBottom})`, draws(tone(shoe.color, -0.1))) +
    group(`translate(790 ${floorY + 116}) scale(0.37) translate(-150 ${-shoeBottom})`, one);
  const knits = gender === 'women' ? ['#d8c7a8', '#ece3d1', '#9fae8f'] : ['#a7a8a6', '#f3efe6', '#25304c'];
  const inner = `<defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#efe7dc"/><stop offset="1" stop-color="#e2d6c5"/></linearGradient>
<linearGradient id="arch" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8f3ec"/><stop offset="1" stop-color="#ece2d4"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d3c2aa"/><stop offset="1" stop-color="#c4af93"/></linearGradient>
<linearGradient id="light" x1="0.05" y1="0" x2="0.95" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.4"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.04"/><stop offset="1" stop-color="#4a3a28" stop-opacity="0.1"/></linearGradient>
<linearGradient id="sheen" gradientUnits="userSpaceOnUse" x1="150" y1="150" x2="750" y2="1150"><stop offset="0" stop-color="#ffffff" stop-opacity="0.12"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.1"/></linearGradient>
<linearGradient id="floorShade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5a4630" stop-opacity="0.2"/><stop offset="1" stop-color="#5a4630" stop-opacity="0"/></linearGradient>
</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#wall)"/>` +
    // A soft arch on the wall frames the rail without competing with the clothes.
    `<path d="M170,${floorY} L170,470 C170,260 360,120 600,120 C840,120 1030,260 1030,470 L1030,${floorY} Z" fill="url(#arch)" fill-opacity="0.9"/>` +
    `<rect y="${floorY}" width="${w}" height="${h - floorY}" fill="url(#floor)"/><rect y="${floorY}" width="${w}" height="46" fill="url(#floorShade)"/>` +
    `<rect y="${floorY - 1}" width="${w}" height="3" fill="#bba78d"/>` +
    `<rect width="${w}" height="${h}" fill="url(#light)"/>` +
    `<rect x="128" y="0" width="4" height="${railY}" fill="#7a6c5c"/><rect x="1068" y="0" width="4" height="${railY}" fill="#7a6c5c"/>` +
    `<rect x="96" y="${railY - 5}" width="1008" height="10" rx="5" fill="#6d6154"/><rect x="100" y="${railY - 4}" width="1000" height="3" rx="1.5" fill="#a89a88"/>` +
    art + stack(250, floorY + 130, knits) + shoes;
  return svgDoc(w, h, inner);
}
