// Flat SVG illustrations for the demo catalog, drawn from each product's kind, colour and name.
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
  return t >= 0 ? mix(c, '#ffffff', t) : mix(c, '#1a1612', -t);
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
  shade: string;
  deep: string;
  light: string;
  /** Seams and edges: darker on light cloth, lighter on very dark cloth so they still read. */
  line: string;
  trim: string;
  stitch: string;
  bgTop: string;
  bgBottom: string;
  shadow: string;
}

function palette(color: string, accent: string | undefined): Palette {
  const dark = luminance(color) < 0.06;
  const line = dark ? tone(color, 0.2) : tone(color, -0.22);
  const tint = mix(color, '#f6f2ec', 0.86);
  return {
    base: color,
    shade: dark ? tone(color, 0.07) : tone(color, -0.1),
    deep: dark ? tone(color, -0.35) : tone(color, -0.3),
    light: tone(color, 0.14),
    line,
    trim: accent ?? line,
    stitch: accent ?? (dark ? tone(color, 0.28) : tone(color, -0.3)),
    bgTop: tone(tint, 0.35),
    bgBottom: mix(tint, '#d9d1c5', 0.25),
    shadow: mix(color, '#3a3128', 0.7),
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

// ---------- svg helpers ----------

const fill = (d: string, color: string, extra = '') => `<path d="${d}" fill="${color}"${extra ? ` ${extra}` : ''}/>`;
const stroke = (d: string, color: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra ? ` ${extra}` : ''}/>`;
const stitch = (d: string, color: string, width = 2.2) => stroke(d, color, width, `stroke-dasharray="7 6" opacity="0.85"`);
const circle = (x: number, y: number, r: number, color: string, extra = '') =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"${extra ? ` ${extra}` : ''}/>`;
const button = (x: number, y: number, r: number, color: string, hole: string) =>
  circle(x, y, r, color) + circle(x - r * 0.3, y - r * 0.3, r * 0.16, hole) + circle(x + r * 0.3, y + r * 0.3, r * 0.16, hole) +
  circle(x + r * 0.3, y - r * 0.3, r * 0.16, hole) + circle(x - r * 0.3, y + r * 0.3, r * 0.16, hole);

/** Mirror a path's x coordinates around the centre line (absolute commands only). */
function mirror(d: string): string {
  return d.replace(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g, (_, x: string, y: string) => `${+(W - Number(x)).toFixed(1)},${y}`);
}
const both = (d: string, f: (d: string) => string) => f(d) + f(mirror(d));

/** Soft volume: light from the upper left, gentle darkening towards the hem. */
const sheen = (d: string) => `<path d="${d}" fill="url(#sheen)"/>`;

// ---------- garments ----------

interface Drawing {
  front: string;
  back: string;
  /** Outline pieces for the drop shadow. */
  silhouette: string[];
  /** Zoom for the close-up: centre and scale. */
  focus: [number, number, number];
  /** How it hangs in the styled view. */
  styled: 'hanger' | 'clip' | 'pair' | 'folded' | 'none';
  /** Where the garment's top sits, for hanging. */
  top: number;
}

interface Ctx {
  p: Palette;
  name: string;
  seed: number;
}

const has = (name: string, re: RegExp) => re.test(name);

// Shared torso geometry for tops (centre x = 450).
const NECK_BACK = 'M380,270 C405,256 495,256 520,270';
const BODY = (hem: number, hw = 185) =>
  `M380,270 C405,256 495,256 520,270 L${450 + hw + 5},300 L${450 + hw},480 L${450 + hw},${hem} Q450,${hem + 8} ${450 - hw},${hem} L${450 - hw},480 L${450 - hw - 5},300 Z`;
const LONG_SLEEVE = 'M262,298 L205,330 L132,858 L226,884 L275,500 Z';
const SHORT_SLEEVE = 'M262,298 L220,318 L148,440 L218,500 L270,462 Z';
const WIDE_SHORT_SLEEVE = 'M262,298 L220,318 L138,450 L214,514 L270,468 Z';

function stripesClip(id: string, clip: string, color: string, horizontal: boolean, step: number, width: number, from: number, to: number): string {
  let rects = '';
  for (let v = from; v < to; v += step) {
    rects += horizontal ? `<rect x="0" y="${v}" width="${W}" height="${width}"/>` : `<rect x="${v}" y="0" width="${width}" height="${H}"/>`;
  }
  return `<clipPath id="${id}">${clip}</clipPath><g clip-path="url(#${id})" fill="${color}">${rects}</g>`;
}

function checkClip(id: string, clip: string, color: string, step: number): string {
  let rects = '';
  for (let v = 0; v < H; v += step) rects += `<rect x="0" y="${v}" width="${W}" height="${step / 2}"/>`;
  let cols = '';
  for (let v = 0; v < W; v += step) cols += `<rect x="${v}" y="0" width="${step / 2}" height="${H}"/>`;
  return `<clipPath id="${id}">${clip}</clipPath><g clip-path="url(#${id})" fill="${color}"><g opacity="0.35">${rects}</g><g opacity="0.35">${cols}</g></g>`;
}

function pattern(c: Ctx, id: string, pieces: string[], direction: 'h' | 'v'): string {
  const clip = pieces.map((d) => `<path d="${d}"/>`).join('');
  const accent = c.p.trim;
  if (has(c.name, /check|flannel|gingham/i)) return checkClip(id, clip, accent, has(c.name, /gingham/i) ? 34 : 56);
  if (has(c.name, /breton|stripe knit/i)) return stripesClip(id, clip, accent, true, 44, 16, 300, 1200);
  if (has(c.name, /stripe/i)) return stripesClip(id, clip, accent, direction === 'h', 18, 4, 0, direction === 'h' ? H : W);
  return '';
}

function ribLines(x1: number, x2: number, y1: number, y2: number, color: string, step = 9): string {
  let d = '';
  for (let x = x1 + step / 2; x < x2; x += step) d += `M${x.toFixed(1)},${y1} L${x.toFixed(1)},${y2} `;
  return stroke(d, color, 1.6, 'opacity="0.55"');
}

function top(c: Ctx, kind: GarmentKind): Drawing {
  const { p } = c;
  const long = kind !== 't-shirt' && kind !== 'polo';
  const hem = kind === 'blazer' ? 960 : kind === 'shirt' ? 940 : 920;
  const hw = kind === 'hoodie' || kind === 'sweater' ? 190 : 185;
  const body = BODY(hem, hw);
  const sleeve = long ? LONG_SLEEVE : kind === 'polo' ? SHORT_SLEEVE : WIDE_SHORT_SLEEVE;
  const sleeves = sleeve + ' ' + mirror(sleeve);
  const shirtHem = `M${450 - hw},${hem - 40} C${450 - hw + 20},${hem + 40} ${450 + hw - 20},${hem + 40} ${450 + hw},${hem - 40}`;
  const bodyPath = kind === 'shirt' ? `M380,270 C405,256 495,256 520,270 L${450 + hw + 5},300 L${450 + hw},480 L${450 + hw},${hem - 40} C${450 + hw - 20},${hem + 40} ${450 - hw + 20},${hem + 40} ${450 - hw},${hem - 40} L${450 - hw},480 L${450 - hw - 5},300 Z` : body;
  void shirtHem;

  const pat = (id: string) => pattern(c, id, [bodyPath, sleeves], kind === 'shirt' ? 'v' : 'h');
  const base = (id: string) =>
    fill(sleeves, p.base) + sheen(sleeves) + fill(bodyPath, p.base) + pat(id) + sheen(bodyPath) +
    both('M262,300 Q276,392 266,480', (d) => stroke(d, p.line, 2, 'opacity="0.6"'));

  let cuffs = '';
  if (long) {
    const cuff = 'M139,812 L232,836 L226,884 L132,858 Z';
    cuffs = both(cuff, (d) => fill(d, kind === 'sweater' || kind === 'hoodie' ? p.shade : p.base) + stroke(d, p.line, 2, 'opacity="0.7"'));
    if (kind === 'sweater' || kind === 'hoodie') cuffs += both('M139,812 L232,836', (d) => stroke(d, p.line, 1.5, 'opacity="0.5"'));
  } else {
    cuffs = both('M160,452 L226,508', (d) => (kind === 'polo' ? stroke(d, p.trim, 14, 'opacity="0.9"') : stitch(d, p.stitch)));
  }

  // Hem finish.
  let hemFinish = '';
  if (kind === 'sweater' || kind === 'hoodie' || (kind === 'jacket' && !has(c.name, /denim|trucker/i))) {
    const band = `M${450 - hw},${hem - 50} L${450 + hw},${hem - 50} L${450 + hw},${hem} Q450,${hem + 8} ${450 - hw},${hem} Z`;
    hemFinish = fill(band, kind === 'jacket' ? p.trim : p.shade) + ribLines(450 - hw, 450 + hw, hem - 48, hem + 2, p.line, 10);
  } else if (kind !== 'shirt' && kind !== 'blazer') {
    hemFinish = stitch(`M${450 - hw + 6},${hem - 16} L${450 + hw - 6},${hem - 16}`, p.stitch);
  }

  // Neck and front details.
  let neckFront = '';
  let neckBack = '';
  let frontDetails = '';
  let backDetails = '';
  const insideNeck = fill(`${NECK_BACK} C505,330 395,330 380,270 Z`, p.deep);
  switch (kind) {
    case 't-shirt':
    case 'sweater': {
      neckFront = insideNeck + fill('M380,270 C395,330 505,330 520,270 L536,274 C520,350 380,350 364,274 Z', p.shade) +
        ribLines(366, 534, 275, 340, p.line, 8).replace('opacity="0.55"', 'opacity="0.25"');
      neckBack = fill('M380,270 C405,256 495,256 520,270 L534,282 C505,270 395,270 366,282 Z', p.shade);
      if (has(c.name, /pocket/i)) frontDetails += fill('M490,400 L560,400 L560,480 Q525,490 490,480 Z', p.shade) + stitch('M490,412 L560,412', p.stitch);
      if (kind === 'sweater') {
        frontDetails += both(`M${450 - hw + 20},${hem - 60} Q${450 - hw + 40},700 ${450 - hw + 30},560`, (d) => stroke(d, p.line, 3, 'opacity="0.18"'));
      }
      backDetails = fill('M436,276 L464,276 L464,296 L436,296 Z', p.light, 'opacity="0.8"');
      break;
    }
    case 'polo': {
      neckFront = insideNeck +
        fill('M380,270 L372,262 L400,345 L450,300 Z', p.base) + fill(mirror('M380,270 L372,262 L400,345 L450,300 Z'), p.base) +
        both('M372,262 L400,345 L450,300', (d) => stroke(d, p.line, 2.2)) +
        both('M374,270 L398,334', (d) => stroke(d, p.trim, 4, 'opacity="0.9"'));
      frontDetails = fill('M436,300 L464,300 L464,440 L436,440 Z', p.shade) + stroke('M436,300 L436,440 L464,440 L464,300', p.line, 1.8) +
        button(450, 345, 8, p.light, p.line) + button(450, 400, 8, p.light, p.line);
      neckBack = fill('M374,262 C400,250 500,250 526,262 L530,292 C500,282 400,282 370,292 Z', p.base) +
        stroke('M370,292 C400,282 500,282 530,292', p.trim, 4);
      backDetails = '';
      break;
    }
    case 'shirt': {
      const leaf = 'M450,318 L384,262 L368,280 L396,372 Z';
      neckFront = insideNeck + fill('M384,262 C410,248 490,248 516,262 L516,280 C490,268 410,268 384,280 Z', p.shade) +
        both(leaf, (d) => fill(d, p.base) + stroke(d, p.line, 2) + sheen(d));
      frontDetails = fill(`M438,318 L462,318 L462,${hem + 22} L438,${hem + 22} Z`, p.base) +
        stroke(`M438,330 L438,${hem + 20} M462,330 L462,${hem + 20}`, p.line, 1.6, 'opacity="0.7"');
      for (let y = 360; y < hem; y += 92) frontDetails += button(450, y, 7, p.light, p.line);
      if (!has(c.name, /oxford shirt – blue/i)) {
        const pocket = 'M486,400 L566,400 L566,486 L526,500 L486,486 Z';
        frontDetails += fill(pocket, p.base) + stroke(pocket, p.line, 1.8) + stitch('M486,414 L566,414', p.stitch, 1.6);
        if (has(c.name, /flannel|work/i)) frontDetails += fill(mirror(pocket), p.base) + stroke(mirror(pocket), p.line, 1.8);
      }
      neckBack = fill('M384,262 C410,248 490,248 516,262 L520,296 C490,284 410,284 380,296 Z', p.base) + stroke('M380,296 C410,284 490,284 520,296', p.line, 2);
      backDetails = stroke('M268,350 C360,372 540,372 632,350', p.line, 2, 'opacity="0.7"') + stroke('M440,366 L444,430 M460,366 L456,430', p.line, 1.6, 'opacity="0.5"');
      break;
    }
    case 'hoodie': {
      const hood = 'M372,276 C340,170 560,170 528,276 C505,300 395,300 372,276 Z';
      neckFront = fill(hood, p.shade) + fill('M388,272 C372,196 528,196 512,272 C495,290 405,290 388,272 Z', p.deep) +
        stroke('M372,276 C395,300 505,300 528,276', p.line, 3);
      frontDetails = stroke('M428,292 L420,420 M472,292 L480,420', p.trim, 6) +
        fill('M414,418 L426,418 L426,442 L414,442 Z', p.line) + fill('M474,418 L486,418 L486,442 L474,442 Z', p.line);
      const pocket = `M320,${hem - 250} L580,${hem - 250} L620,${hem - 60} L280,${hem - 60} Z`;
      frontDetails += fill(pocket, p.shade, 'opacity="0.65"') + stroke(`M320,${hem - 250} L580,${hem - 250}`, p.line, 2) +
        both(`M320,${hem - 250} L280,${hem - 60}`, (d) => stroke(d, p.line, 2));
      neckBack = fill('M376,280 C330,500 570,500 524,280 Z', p.shade) + stroke('M450,290 L450,440', p.line, 2, 'opacity="0.6"') +
        stroke('M376,280 C330,500 570,500 524,280', p.line, 2, 'opacity="0.5"');
      break;
    }
    case 'jacket': {
      if (has(c.name, /denim|trucker/i)) {
        const leaf = 'M450,330 L378,262 L352,286 L392,382 Z';
        neckFront = insideNeck + both(leaf, (d) => fill(d, p.base) + stroke(d, p.line, 2) + stitch(d, p.stitch, 1.6));
        frontDetails = stroke(`M450,330 L450,${hem}`, p.line, 2.5) + stitch(`M440,340 L440,${hem - 10}`, p.stitch, 1.8);
        for (let y = 380; y < hem - 20; y += 110) frontDetails += circle(462, y, 9, p.trim) + circle(462, y, 4, tone(p.trim, -0.3));
        const flap = 'M300,420 L400,420 L400,470 L350,490 L300,470 Z';
        frontDetails += both(flap, (d) => fill(d, p.shade) + stitch(d, p.stitch, 1.6)) +
          both(`M280,520 L430,520 M280,520 L${450 - hw},520`, (d) => stitch(d, p.stitch, 1.6));
        frontDetails += fill(`M${450 - hw},${hem - 50} L${450 + hw},${hem - 50} L${450 + hw},${hem} L${450 - hw},${hem} Z`, p.shade) +
          stitch(`M${450 - hw + 6},${hem - 40} L${450 + hw - 6},${hem - 40}`, p.stitch, 1.6);
        hemFinish = '';
        neckBack = fill('M378,262 C410,246 490,246 522,262 L526,300 C490,288 410,288 374,300 Z', p.base) + stitch('M378,290 C410,280 490,280 522,290', p.stitch, 1.6);
        backDetails = stitch('M270,420 C360,440 540,440 630,420', p.stitch, 1.6) + both('M360,430 L330,870', (d) => stitch(d, p.stitch, 1.6));
      } else {
        neckFront = insideNeck + fill('M372,266 C400,250 500,250 528,266 L520,300 C500,290 400,290 380,300 Z', p.trim) + ribLines(378, 522, 258, 298, p.line, 8);
        frontDetails = stroke(`M450,300 L450,${hem - 50}`, p.line, 3) + stroke(`M450,300 L450,${hem - 50}`, p.light, 1, 'stroke-dasharray="2 3"') +
          fill('M444,300 L456,300 L456,330 L444,330 Z', p.light) +
          both('M300,640 L320,560', (d) => stroke(d, p.line, 6, 'opacity="0.6"'));
        neckBack = fill('M372,266 C400,250 500,250 528,266 L528,296 C500,286 400,286 372,296 Z', p.trim) + ribLines(378, 522, 258, 294, p.line, 8);
      }
      break;
    }
    case 'blazer': {
      neckFront = fill(`M380,270 L450,560 L520,270 C495,262 405,262 380,270 Z`, p.deep);
      const lapel = 'M380,270 L352,300 L384,332 L368,352 L450,560 Z';
      frontDetails = both(lapel, (d) => fill(d, p.shade) + stroke(d, p.line, 2) + sheen(d)) +
        stroke(`M450,560 L450,${hem} `, p.line, 2) +
        both(`M450,${hem} L${450 - 40},${hem}`, () => '') +
        button(450, 640, 9, p.deep, p.line) + button(450, 740, 9, p.deep, p.line) +
        both('M300,780 L392,776 L392,812 L300,816 Z', (d) => fill(d, p.shade) + stroke(d, p.line, 1.6)) +
        stroke('M508,430 L570,424', p.line, 4, 'opacity="0.7"');
      frontDetails += fill(`M440,${hem - 30} L460,${hem - 30} L480,${hem + 10} L420,${hem + 10} Z`, 'none');
      neckBack = fill('M376,262 C410,246 490,246 524,262 L528,300 C490,286 410,286 372,300 Z', p.shade) + stroke('M372,300 C410,286 490,286 528,300', p.line, 2);
      backDetails = stroke(`M450,300 L450,${hem}`, p.line, 2, 'opacity="0.6"') + fill(`M440,${hem - 150} L460,${hem - 150} L460,${hem} L440,${hem} Z`, p.shade, 'opacity="0.4"');
      break;
    }
    default:
      break;
  }

  const front = base('pf') + cuffs + hemFinish + neckFront + frontDetails;
  const back = base('pb') + cuffs + hemFinish + neckBack + backDetails;
  const focus: [number, number, number] =
    kind === 'hoodie' ? [450, 330, 2.1] : kind === 'blazer' ? [440, 420, 2] : kind === 'shirt' ? [470, 380, 2.2] : kind === 'polo' ? [450, 340, 2.3] : [450, 330, 2.2];
  return { front, back, silhouette: [bodyPath, sleeves, kind === 'hoodie' ? 'M372,276 C340,170 560,170 528,276 Z' : ''], focus, styled: 'hanger', top: 262 };
}

function blouse(c: Ctx): Drawing {
  const { p } = c;
  const body = 'M385,262 C410,252 490,252 515,262 L625,292 L640,480 L652,900 Q450,918 248,900 L260,480 L275,292 Z';
  const sleeve = 'M272,292 L214,320 L118,800 Q150,850 210,842 L276,520 Z';
  const sleeves = sleeve + ' ' + mirror(sleeve);
  const cuff = 'M126,780 Q160,800 210,796 L212,846 Q160,856 118,836 Z';
  let neck = '';
  let extra = '';
  if (has(c.name, /tie-neck/i)) {
    neck = fill('M385,262 C410,290 490,290 515,262 L515,275 C490,305 410,305 385,275 Z', p.shade) +
      fill('M450,292 C400,270 380,320 392,340 C410,330 430,312 450,300 Z', p.base) + fill(mirror('M450,292 C400,270 380,320 392,340 C410,330 430,312 450,300 Z'), p.base) +
      both('M450,292 C400,270 380,320 392,340 C410,330 430,312 450,300', (d) => stroke(d, p.line, 1.8)) +
      fill('M444,296 L430,470 L446,476 L452,300 Z', p.base) + fill('M456,296 L476,460 L462,468 L448,300 Z', p.shade) +
      stroke('M444,296 L430,470 L446,476 M456,296 L476,460 L462,468', p.line, 1.5) + circle(450, 298, 11, p.shade);
  } else if (has(c.name, /v-neck/i)) {
    neck = fill('M385,262 C410,252 490,252 515,262 L450,400 Z', p.deep) + both('M385,262 L450,400', (d) => stroke(d, p.line, 2.5)) +
      stitch('M395,268 L450,385 L505,268', p.stitch, 1.5);
    for (let y = 430; y < 880; y += 110) extra += button(450, y, 6, p.light, p.line);
  } else {
    neck = fill('M385,262 C410,252 490,252 515,262 C500,312 400,312 385,262 Z', p.deep) + stroke('M385,262 C400,312 500,312 515,262', p.shade, 10);
    extra = both('M398,300 L404,330 M414,306 L418,336', (d) => stroke(d, p.line, 1.4, 'opacity="0.5"'));
  }
  const gathers = both('M150,760 L170,800 M170,770 L184,806 M190,774 L196,808', (d) => stroke(d, p.line, 1.5, 'opacity="0.45"'));
  const folds = both('M300,560 Q320,720 300,880', (d) => stroke(d, p.line, 3, 'opacity="0.15"'));
  const front = fill(sleeves, p.base) + sheen(sleeves) + both(cuff, (d) => fill(d, p.shade)) + gathers + fill(body, p.base) + sheen(body) +
    both('M275,292 Q290,400 262,480', (d) => stroke(d, p.line, 1.8, 'opacity="0.5"')) + folds + neck + extra +
    stitch('M262,884 Q450,902 638,884', p.stitch, 1.6);
  const back = fill(sleeves, p.base) + sheen(sleeves) + both(cuff, (d) => fill(d, p.shade)) + gathers + fill(body, p.base) + sheen(body) +
    both('M275,292 Q290,400 262,480', (d) => stroke(d, p.line, 1.8, 'opacity="0.5"')) + folds +
    stroke('M385,262 C410,276 490,276 515,262', p.shade, 8) + (has(c.name, /linen/i) ? stroke('M450,272 L450,330', p.line, 2) + button(450, 286, 6, p.light, p.line) : '');
  return { front, back, silhouette: [body, sleeves], focus: [450, 340, 2.1], styled: 'hanger', top: 256 };
}

function bottoms(c: Ctx, kind: 'jeans' | 'trousers' | 'shorts'): Drawing {
  const { p } = c;
  const wide = has(c.name, /wide|linen|drawstring/i);
  const slim = has(c.name, /slim|tailored/i);
  const hemY = kind === 'shorts' ? 720 : 1060;
  const [outer, inner] = kind === 'shorts' ? [262, 442] : wide ? [250, 440] : slim ? [318, 438] : [292, 440];
  const waistY = kind === 'shorts' ? 300 : 180;
  const crotch = waistY + (kind === 'shorts' ? 280 : 320);
  const left = `M300,${waistY} L450,${waistY} L450,${crotch} L${inner},${hemY} L${outer},${hemY} C${outer - 10},${waistY + 400} 270,${waistY + 250} 282,${waistY + 150} Z`;
  const legs = `M300,${waistY} L600,${waistY} C630,${waistY + 150} ${900 - outer + 0},${waistY + 250} ${900 - outer},${hemY} L${900 - inner},${hemY} L450,${crotch} L${inner},${hemY} L${outer},${hemY} C${outer},${waistY + 250} 270,${waistY + 150} 300,${waistY} Z`;
  void left;
  const band = `M300,${waistY} L600,${waistY} L602,${waistY + 44} L298,${waistY + 44} Z`;
  const drawstring = kind !== 'jeans' && has(c.name, /drawstring/i);
  let f = fill(legs, p.base) + sheen(legs) + fill(band, drawstring ? p.shade : p.base) + stroke(`M298,${waistY + 44} L602,${waistY + 44}`, p.line, 2);
  let b = f;
  // inseam shading
  const seam = stroke(`M${inner + 2},${hemY} L450,${crotch} L${900 - inner - 2},${hemY}`, p.line, 2, 'opacity="0.6"');
  f += seam;
  b += seam;
  const hemLine = both(`M${outer + 4},${hemY - 22} L${inner - 4},${hemY - 22}`, (d) => (kind === 'jeans' ? stitch(d, p.stitch, 2) : stroke(d, p.line, 1.6, 'opacity="0.5"')));
  f += hemLine;
  b += hemLine;
  if (kind === 'jeans' || has(c.name, /denim/i)) {
    f += stitch(`M468,${waistY + 48} L468,${waistY + 200} Q468,${waistY + 228} 448,${waistY + 236}`, p.stitch) + stroke(`M450,${waistY + 44} L450,${waistY + 236}`, p.line, 2) +
      both(`M304,${waistY + 50} C350,${waistY + 56} 382,${waistY + 90} 392,${waistY + 130}`, (d) => stroke(d, p.line, 2.5) + stitch(d.replace(/(\d+)$/, (m) => String(Number(m) + 8)), p.stitch, 1.6)) +
      stitch(`M300,${waistY + 8} L600,${waistY + 8} M300,${waistY + 36} L600,${waistY + 36}`, p.stitch, 1.6) +
      button(450, waistY + 22, 10, p.trim, tone(p.trim, -0.3)) +
      both(`M392,${waistY + 130}`, () => circle(390, waistY + 128, 5, p.trim) + circle(510, waistY + 128, 5, p.trim)) +
      both(`M330,${waistY - 4} L330,${waistY + 50}`, (d) => stroke(d, p.shade, 12) + stroke(d, p.line, 1.4, 'opacity="0.6"')) +
      stroke(`M446,${waistY - 4} L446,${waistY + 50}`, p.shade, 0);
    b += stitch(`M300,${waistY + 8} L600,${waistY + 8} M300,${waistY + 36} L600,${waistY + 36}`, p.stitch, 1.6) +
      fill(`M300,${waistY + 44} L600,${waistY + 44} L604,${waistY + 70} L450,${waistY + 110} L296,${waistY + 70} Z`, p.shade, 'opacity="0.5"') +
      both(`M320,${waistY + 120} L420,${waistY + 112} L424,${waistY + 230} L375,${waistY + 256} L328,${waistY + 236} Z`, (d) => fill(d, p.base) + stroke(d, p.line, 2) + stitch(d, p.stitch, 1.6)) +
      fill(`M340,${waistY + 8} L396,${waistY + 8} L396,${waistY + 36} L340,${waistY + 36} Z`, p.trim, 'opacity="0.85"');
  } else {
    f += stroke(`M450,${waistY + 44} L450,${waistY + 210}`, p.line, 2) + stitch(`M470,${waistY + 48} L470,${waistY + 190} Q468,${waistY + 210} 450,${waistY + 214}`, p.line, 1.6) +
      both(`M312,${waistY + 46} L356,${waistY + 170}`, (d) => stroke(d, p.line, 2.5));
    if (kind === 'trousers' && !drawstring) {
      const cx = (outer + inner) / 2;
      f += both(`M375,${waistY + 46} L${cx},${hemY - 4}`, (d) => stroke(d, p.line, 1.8, 'opacity="0.35"'));
      b += both(`M375,${waistY + 46} L${cx},${hemY - 4}`, (d) => stroke(d, p.line, 1.8, 'opacity="0.35"'));
    }
    if (has(c.name, /pleat/i)) f += both(`M400,${waistY + 46} L404,${waistY + 150}`, (d) => stroke(d, p.line, 2, 'opacity="0.6"'));
    if (drawstring) {
      const gather = (() => {
        let d = '';
        for (let x = 312; x < 592; x += 14) d += `M${x},${waistY + 6} L${x + 3},${waistY + 38} `;
        return d;
      })();
      f += stroke(gather, p.line, 1.3, 'opacity="0.5"') + stroke(`M440,${waistY + 30} Q430,${waistY + 120} 412,${waistY + 160} M460,${waistY + 30} Q474,${waistY + 110} 494,${waistY + 150}`, p.light, 5);
      b += stroke(gather, p.line, 1.3, 'opacity="0.5"');
    } else {
      f += button(450, waistY + 22, 7, p.shade, p.line);
      b += both(`M${330},${waistY + 44} L${330},${waistY + 50}`, (d) => stroke(d, p.shade, 10));
    }
    b += both(`M340,${waistY + 120} L420,${waistY + 120}`, (d) => stroke(d, p.line, 3) + button(380, waistY + 134, 5, p.shade, p.line).replace(/cx="380"/g, 'cx="380"'));
  }
  return { front: f, back: b, silhouette: [legs], focus: [450, waistY + 90, 2.1], styled: 'clip', top: waistY };
}

function skirt(c: Ctx): Drawing {
  const { p } = c;
  const mini = has(c.name, /mini/i);
  const pleated = has(c.name, /pleat/i);
  const slip = has(c.name, /slip/i);
  const waistY = mini ? 300 : 180;
  const hemY = mini ? 780 : 1050;
  const spread = mini ? 250 : pleated ? 300 : slip ? 210 : 270;
  const shape = `M310,${waistY} L590,${waistY} C${610},${waistY + 200} ${450 + spread},${hemY - 200} ${450 + spread},${hemY} Q450,${hemY + 30} ${450 - spread},${hemY} C${450 - spread},${hemY - 200} 290,${waistY + 200} 310,${waistY} Z`;
  const band = `M310,${waistY} L590,${waistY} L592,${waistY + 40} L308,${waistY + 40} Z`;
  let details = '';
  if (pleated) {
    for (let i = -7; i <= 7; i++) {
      const x0 = 450 + i * 19;
      const x1 = 450 + i * (spread / 7.6);
      details += stroke(`M${x0},${waistY + 40} L${x1.toFixed(1)},${hemY + 12 - Math.abs(i) * 2}`, i % 2 ? p.line : p.light, 2, 'opacity="0.55"');
    }
  } else if (slip) {
    details = fill(`M380,${waistY + 60} C400,${waistY + 400} 360,${hemY - 100} 340,${hemY}`, 'none') +
      stroke(`M390,${waistY + 60} C420,${waistY + 400} 380,${hemY - 200} 360,${hemY}`, p.light, 26, 'opacity="0.35"') +
      stroke(`M520,${waistY + 80} C540,${waistY + 400} 560,${hemY - 200} 580,${hemY}`, p.line, 18, 'opacity="0.18"');
  } else if (mini) {
    details = stitch(`M450,${waistY + 44} L450,${waistY + 180}`, p.stitch) + stroke(`M440,${waistY + 44} L440,${waistY + 170}`, p.line, 2) +
      both(`M312,${waistY + 50} C350,${waistY + 56} 380,${waistY + 80} 388,${waistY + 120}`, (d) => stroke(d, p.line, 2.5)) +
      stitch(`M${450 - spread + 6},${hemY - 18} Q450,${hemY + 10} ${450 + spread - 6},${hemY - 18}`, p.stitch) + button(450, waistY + 20, 9, p.trim, tone(p.trim, -0.3));
  } else {
    details = both(`M320,${waistY + 50} L340,${waistY + 200}`, (d) => stroke(d, p.line, 2, 'opacity="0.6"')) +
      both(`M400,${waistY + 100} Q390,${hemY - 300} 360,${hemY - 10}`, (d) => stroke(d, p.line, 3, 'opacity="0.14"'));
  }
  const common = fill(shape, p.base) + sheen(shape) + fill(band, slip ? p.base : p.shade) + stroke(`M308,${waistY + 40} L592,${waistY + 40}`, p.line, 1.6, 'opacity="0.6"');
  const back = common + (pleated ? details : '') + (mini ? both(`M330,${waistY + 100} L420,${waistY + 100} L420,${waistY + 200} L375,${waistY + 220} L330,${waistY + 200} Z`, (d) => fill(d, p.base) + stroke(d, p.line, 2) + stitch(d, p.stitch, 1.6)) : stroke(`M450,${waistY + 40} L450,${waistY + 260}`, p.line, 2, 'opacity="0.5"'));
  return { front: common + details, back, silhouette: [shape], focus: [450, waistY + 100, 2.1], styled: 'clip', top: waistY };
}

function dress(c: Ctx): Drawing {
  const { p } = c;
  const slip = has(c.name, /slip/i);
  const shirtDress = has(c.name, /shirt dress/i);
  const wrap = has(c.name, /wrap/i);
  const tiered = has(c.name, /tiered/i);
  const ribbed = has(c.name, /ribbed/i);
  const sleeveless = has(c.name, /a-line/i) || slip;
  const waistY = 500;
  const hemY = tiered ? 1100 : 1060;
  const flare = ribbed ? 150 : slip ? 200 : tiered ? 290 : 270;
  const bodice = `M392,230 C415,246 485,246 508,230 L560,250 L575,360 L560,${waistY} L340,${waistY} L325,360 L340,250 Z`;
  const skirtShape = `M340,${waistY} L560,${waistY} C${ribbed ? 575 : 600},${waistY + 200} ${450 + flare},${hemY - 200} ${450 + flare},${hemY} Q450,${hemY + 24} ${450 - flare},${hemY} C${450 - flare},${hemY - 200} ${ribbed ? 325 : 300},${waistY + 200} 340,${waistY} Z`;
  const sleeve = wrap ? 'M342,250 L280,280 L248,380 Q300,400 330,372 Z' : 'M342,250 L282,276 L254,380 L320,398 L330,330 Z';
  const sleeves = sleeveless ? '' : sleeve + ' ' + mirror(sleeve);
  const pat = (id: string) => pattern(c, id, [bodice, skirtShape], 'h');
  let neck = '';
  let details = '';
  if (slip) {
    neck = fill('M392,230 C415,246 485,246 508,230 L508,230 Z', p.base) + stroke('M372,250 L360,140 M528,250 L540,140', p.shade, 4);
  } else if (wrap) {
    neck = fill('M392,230 C415,246 485,246 508,230 L450,420 Z', p.deep) + stroke('M392,230 L470,430 L560,480', p.line, 2.5) + stroke('M508,230 L450,420', p.line, 2);
    details = stroke(`M560,${waistY - 20} Q600,${waistY + 40} 590,${waistY + 140} M560,${waistY - 10} Q580,${waistY + 50} 610,${waistY + 120}`, p.shade, 12) +
      stroke(`M470,${waistY} C500,${waistY + 200} 520,${hemY - 300} 540,${hemY + 10}`, p.line, 2, 'opacity="0.6"');
  } else if (shirtDress) {
    const leaf = 'M450,280 L392,230 L376,246 L404,316 Z';
    neck = fill('M392,230 C415,246 485,246 508,230 C495,280 405,280 392,230 Z', p.deep) + both(leaf, (d) => fill(d, p.base) + stroke(d, p.line, 2));
    details = stroke(`M450,280 L450,${hemY + 10}`, p.line, 2) + fill(`M336,${waistY - 16} L564,${waistY - 16} L564,${waistY + 16} L336,${waistY + 16} Z`, p.shade) +
      fill(`M436,${waistY - 18} L464,${waistY - 18} L464,${waistY + 18} L436,${waistY + 18} Z`, 'none') + stroke(`M440,${waistY + 16} L420,${waistY + 150} M452,${waistY + 16} L462,${waistY + 140}`, p.shade, 14);
    for (let y = 320; y < hemY - 40; y += 90) if (Math.abs(y - waistY) > 30) details += button(450, y, 6, p.light, p.line);
  } else {
    neck = fill('M392,230 C415,246 485,246 508,230 C495,290 405,290 392,230 Z', p.deep) + stroke('M392,230 C405,290 495,290 508,230', p.shade, 8);
  }
  if (tiered) {
    for (const y of [waistY + 180, waistY + 380]) {
      const t = (y - waistY) / (hemY - waistY);
      const hw = 110 + (flare - 110) * t + 20;
      details += stroke(`M${450 - hw},${y} Q450,${y + 16} ${450 + hw},${y}`, p.line, 2.5, 'opacity="0.6"');
      for (let i = -4; i <= 4; i++) details += stroke(`M${450 + i * hw / 5},${y + 8} L${450 + i * hw / 4.6},${y + 60}`, p.line, 1.5, 'opacity="0.3"');
    }
  }
  if (ribbed) details += ribLines(330, 570, 250, hemY, p.line, 12).replace('opacity="0.55"', 'opacity="0.18"');
  const waistSeam = shirtDress ? '' : stroke(`M340,${waistY} L560,${waistY}`, p.line, 2, 'opacity="0.6"');
  const folds = both(`M390,${waistY + 60} Q370,${hemY - 300} ${450 - flare + 70},${hemY - 10}`, (d) => stroke(d, p.line, 3, 'opacity="0.15"'));
  const base = (id: string) => (sleeves ? fill(sleeves, p.base) + sheen(sleeves) : '') + fill(skirtShape, p.base) + fill(bodice, p.base) + pat(id) + sheen(skirtShape) + sheen(bodice) + waistSeam + folds;
  const front = base('df') + neck + details;
  const back = base('db') + (slip ? stroke('M372,250 L360,140 M528,250 L540,140', p.shade, 4) : '') + stroke('M392,230 C415,240 485,240 508,230', p.shade, 8) +
    stroke(`M450,240 L450,${waistY + 120}`, p.line, 2, 'opacity="0.5"');
  return { front, back, silhouette: [bodice, skirtShape, sleeves], focus: [450, 330, 1.9], styled: 'hanger', top: slip ? 140 : 230 };
}

function abaya(c: Ctx): Drawing {
  const { p } = c;
  const kimono = has(c.name, /kimono/i);
  const body = 'M400,170 C425,182 475,182 500,170 L600,196 L640,520 L700,1110 Q450,1130 200,1110 L260,520 L300,196 Z';
  const sleeve = kimono ? 'M300,196 L140,380 L96,560 L262,600 L262,420 Z' : 'M300,196 L168,420 L100,660 Q180,700 250,664 L266,430 Z';
  const sleeves = sleeve + ' ' + mirror(sleeve);
  const cuff = kimono ? 'M96,560 L262,600' : 'M100,660 Q180,700 250,664';
  const trim = stroke('M400,170 L440,1120 M500,170 L460,1120', p.trim, 7) + stroke('M400,170 C425,190 475,190 500,170', p.trim, 6) +
    both(cuff, (d) => stroke(d, p.trim, 8));
  const embroidery = has(c.name, /embroider/i)
    ? (() => {
        let e = '';
        for (let y = 240; y < 1080; y += 56) e += circle(420 + ((y - 170) / 950) * 28 - 22, y, 5, p.trim) + circle(480 - ((y - 170) / 950) * 28 + 22, y, 5, p.trim);
        return e;
      })()
    : '';
  const folds = both('M330,600 Q300,850 280,1100 M380,600 Q380,850 370,1110', (d) => stroke(d, p.line, 4, 'opacity="0.16"')) +
    both('M180,480 Q200,560 200,640', (d) => stroke(d, p.line, 3, 'opacity="0.2"'));
  const front = fill(sleeves, p.base) + sheen(sleeves) + fill(body, p.base) + sheen(body) + folds + stroke('M450,180 L450,1120', p.deep, 3, 'opacity="0.5"') + trim + embroidery;
  const back = fill(sleeves, p.base) + sheen(sleeves) + fill(body, p.base) + sheen(body) + folds + stroke('M400,170 C425,182 475,182 500,170', p.trim, 5) + both(cuff, (d) => stroke(d, p.trim, 8));
  return { front, back, silhouette: [body, sleeves], focus: [450, 260, 2.2], styled: 'hanger', top: 170 };
}

function shoe(c: Ctx, kind: 'sneakers' | 'loafers' | 'sandals'): string {
  const { p } = c;
  if (kind === 'sneakers') {
    const sole = has(c.name, /suede/i) ? '#b7834f' : '#f4f1ea';
    const upper = 'M150,700 C140,620 160,560 190,520 C230,530 280,540 330,520 L420,450 C470,470 520,520 580,560 C660,600 740,620 770,680 L770,700 Z';
    return fill('M130,700 L790,700 C800,730 790,760 760,766 L160,766 C130,760 122,730 130,700 Z', sole) + stroke('M140,730 L784,730', tone(sole, -0.15), 2) +
      fill(upper, p.base) + sheen(upper) +
      fill('M600,580 C680,600 750,630 770,690 L650,690 C640,640 620,610 600,580 Z', p.shade, 'opacity="0.6"') +
      fill('M150,700 C140,620 160,560 190,520 L250,532 L232,700 Z', p.trim, 'opacity="0.9"') +
      stroke('M420,450 L440,430 L470,440 L560,560', p.shade, 6) +
      stroke('M440,500 L470,486 M466,524 L498,508 M492,548 L524,532 M518,572 L550,556', p.line, 5) +
      stitch('M200,690 L760,690', p.stitch, 1.6) + stroke('M330,520 C360,600 420,640 560,600', p.line, 2, 'opacity="0.5"');
  }
  if (kind === 'loafers') {
    const upper = 'M170,720 C160,660 170,620 190,590 C250,600 300,610 340,600 C400,580 460,560 520,570 C620,590 720,620 770,700 L770,720 Z';
    return fill('M150,720 L790,720 C800,740 790,752 770,754 L300,754 L300,780 L170,780 C158,770 150,740 150,720 Z', tone(p.base, -0.4)) +
      fill(upper, p.base) + sheen(upper) + fill('M340,600 C400,580 460,560 520,570 C500,600 420,620 340,600 Z', p.deep) +
      stroke('M470,580 C560,560 660,620 700,670', p.line, 2.5) + fill('M440,600 L560,592 L570,626 L450,634 Z', p.shade) + fill('M486,606 L526,604 L528,616 L488,618 Z', p.deep) +
      stitch('M180,710 L760,710', p.stitch, 1.6);
  }
  const slide = has(c.name, /slide/i);
  const bed = fill('M140,700 C140,680 180,672 240,672 L700,676 C760,676 790,690 790,706 C790,730 760,740 700,740 L220,740 C170,740 140,730 140,700 Z', tone(p.base, slide ? 0.25 : -0.15)) +
    fill('M140,712 L790,712 C790,740 760,750 700,750 L220,750 C170,750 140,740 140,712 Z', tone(p.base, -0.45));
  if (slide) return bed + fill('M440,680 C460,560 660,560 720,680 Z', p.base) + sheen('M440,680 C460,560 660,560 720,680 Z') + stroke('M450,672 C480,580 650,580 708,672', p.line, 2, 'opacity="0.5"');
  return bed + stroke('M250,680 C280,560 420,560 460,680 M420,680 C480,580 640,580 700,680', p.base, 26) + stroke('M190,680 C190,620 240,600 270,620', p.base, 18) +
    circle(258, 616, 9, tone(p.base, -0.3));
}

function shoes(c: Ctx, kind: 'sneakers' | 'loafers' | 'sandals'): Drawing {
  const one = shoe(c, kind);
  return {
    front: `<g transform="translate(0 40)">${one}</g>`,
    back: `<g transform="translate(900 40) scale(-1 1)">${one}</g>`,
    silhouette: ['M130,700 L790,700 L790,766 L130,766 Z'],
    focus: [520, 620, 2],
    styled: 'pair',
    top: 450,
  };
}

function draw(product: DemoProduct): Drawing {
  const c: Ctx = { p: palette(product.color, product.accent), name: product.name, seed: hash(product.name) };
  switch (product.garment) {
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
    default:
      return top(c, product.garment);
  }
}

// ---------- composition ----------

function defs(p: Palette, w: number, h: number): string {
  return `<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bgTop}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.42" r="0.7"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.12"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.12"/></linearGradient>
<filter id="blur" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="10"/></filter>
</defs><rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#glow)"/>`;
}

function svgDoc(w: number, h: number, inner: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${inner}</svg>`;
}

function shadow(d: Drawing, p: Palette): string {
  const pieces = d.silhouette.filter(Boolean).map((s) => `<path d="${s}"/>`).join('');
  return `<g filter="url(#blur)" opacity="0.28" fill="${p.shadow}" transform="translate(10 18)">${pieces}</g>`;
}

function hanger(y: number): string {
  const wood = '#b8875a';
  return stroke(`M450,${y - 10} L450,${y - 70} C450,${y - 110} 492,${y - 110} 492,${y - 80}`, '#9a9894', 6) +
    fill(`M230,${y + 42} C300,${y + 10} 400,${y - 24} 450,${y - 26} C500,${y - 24} 600,${y + 10} 670,${y + 42} L664,${y + 56} C600,${y + 30} 500,${y - 4} 450,${y - 6} C400,${y - 4} 300,${y + 30} 236,${y + 56} Z`, wood) +
    stroke(`M236,${y + 46} C300,${y + 18} 400,${y - 14} 450,${y - 16} C500,${y - 14} 600,${y + 18} 664,${y + 46}`, '#d3a77b', 2, 'opacity="0.7"');
}

function clipHanger(y: number): string {
  return stroke(`M450,${y - 40} L450,${y - 100} C450,${y - 140} 492,${y - 140} 492,${y - 110}`, '#9a9894', 6) +
    fill(`M290,${y - 46} L610,${y - 46} L610,${y - 30} L290,${y - 30} Z`, '#2d2a27') +
    fill(`M318,${y - 34} L342,${y - 34} L342,${y + 18} L318,${y + 18} Z`, '#3a3633') + fill(`M558,${y - 34} L582,${y - 34} L582,${y + 18} L558,${y + 18} Z`, '#3a3633');
}

export function productImageSvgs(product: DemoProduct): ProductArt[] {
  const p = palette(product.color, product.accent);
  const d = draw(product);
  const head = defs(p, W, H);
  const out: ProductArt[] = [];
  const fit = (body: string) => body; // shapes are drawn in the 900x1200 frame already
  out.push({ label: 'front', svg: svgDoc(W, H, head + shadow(d, p) + fit(d.front)) });
  if (d.styled !== 'pair') out.push({ label: 'back', svg: svgDoc(W, H, head + shadow(d, p) + fit(d.back)) });
  const [fx, fy, s] = d.focus;
  out.push({
    label: 'detail',
    svg: svgDoc(W, H, head + `<g transform="translate(450 600) scale(${s}) translate(${-fx} ${-fy})">${shadow(d, p)}${d.front}</g>`),
  });
  if (d.styled === 'hanger' || d.styled === 'clip') {
    const scale = 0.78;
    const hangY = 250;
    const g = `<g transform="translate(450 ${hangY + (d.styled === 'clip' ? 0 : 14)}) scale(${scale}) translate(-450 ${-d.top})">${shadow(d, p)}${d.front}</g>`;
    out.push({ label: 'styled', svg: svgDoc(W, H, head + (d.styled === 'hanger' ? g + hanger(hangY) : g + clipHanger(hangY))) });
  } else if (d.styled === 'pair') {
    out.push({
      label: 'styled',
      svg: svgDoc(W, H, head + `<g transform="translate(60 -120) scale(0.86)">${shadow(d, p)}${d.front}</g><g transform="translate(120 240) scale(0.86)">${shadow(d, p)}${d.front}</g>`),
    });
  }
  return out;
}

// ---------- collection ----------

export function collectionImageSvg(gender: Gender): string {
  const w = 1200;
  const h = 1500;
  const sand: Palette = palette('#c8b49a', undefined);
  const items: DemoProduct[] =
    gender === 'women'
      ? [
          mk('Linen Wrap Midi Dress', 'dress', '#b8603e'),
          mk('Tie-Neck Blouse', 'blouse', '#f1ebdf'),
          mk('Classic Crepe Abaya', 'abaya', '#1d1c1f', '#b89a5e'),
          mk('Satin Slip Dress', 'dress', '#dcc7a1'),
        ]
      : [
          mk('Linen Relaxed Shirt', 'shirt', '#d5c09c'),
          mk('Unstructured Blazer', 'blazer', '#2a3552'),
          mk('Merino Crew Sweater', 'sweater', '#6f7548'),
          mk('Oxford Shirt', 'shirt', '#f6f5f1'),
        ];
  const railY = 260;
  let hung = '';
  items.forEach((item, i) => {
    const d = draw(item);
    const p = palette(item.color, item.accent);
    const x = 250 + i * 235;
    const scale = 0.62;
    hung += `<g transform="translate(${x} ${railY + 70}) scale(${scale}) translate(-450 ${-d.top})"><defs></defs>${shadow(d, p)}${d.front}</g>` +
      `<g transform="translate(${x - 450 * 0.62} ${railY - 250 + 70 * 0.62 + 220}) scale(0.62)">${hanger(250)}</g>`;
  });
  const inner =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3ede4"/><stop offset="0.78" stop-color="#e6dccd"/><stop offset="1" stop-color="#d8cbb8"/></linearGradient>
<radialGradient id="glow" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#ffffff" stop-opacity="0.5"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.12"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.12"/></linearGradient>
<filter id="blur" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="10"/></filter></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#glow)"/>` +
    `<rect x="0" y="1180" width="${w}" height="320" fill="${sand.bgBottom}" opacity="0.5"/>` +
    `<rect x="80" y="${railY - 4}" width="1040" height="8" rx="4" fill="#8c7d6b"/>` + hung;
  return svgDoc(w, h, inner);
}

function mk(name: string, garment: GarmentKind, color: string, accent?: string): DemoProduct {
  return { name, description: '', price: 1, disCountPrecent: 0, gender: 'women', category: '', garment, color, ...(accent ? { accent } : {}) };
}
