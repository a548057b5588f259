// The brand's accent colour (PRODUCT section 8, "The brand"): WCAG 2 contrast, so the storefront's accent stays
// readable whatever the owner picks, and the tokens the storefront's CSS derives from it. Pure functions, shared by
// the API (which refuses a colour that fails), the admin form (which says so before saving and offers a darker one)
// and the pages (which write the tokens into their <style>).

/** The contrast WCAG AA asks of normal text. */
export const AA_CONTRAST = 4.5;
/** The storefront's page background (styles.css `--bg`): the accent is written as text on it. */
export const PAGE_BACKGROUND = '#fbfaf8';
const WHITE = '#ffffff';

type Rgb = [number, number, number];

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColour(value: string): boolean {
  return HEX.test(value.trim());
}

/** `#ABC`, `abc` or `#aabbcc` as `#aabbcc`; the input unchanged when it is no hex colour. */
export function normalizeHex(value: string): string {
  const match = HEX.exec(value.trim());
  if (!match) return value;
  const digits = match[1]!.toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits}`;
}

function rgbOf(hex: string): Rgb {
  const digits = normalizeHex(hex).slice(1);
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)) as Rgb;
}

function hexOf(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(Math.min(255, Math.max(0, channel))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG's relative luminance of an sRGB colour. */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours, from 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A ratio as a sentence writes it, rounded down so a colour just short of 4.5 never reads "4.5:1". */
export function formatRatio(ratio: number): string {
  return `${Math.floor(ratio * 10) / 10}:1`;
}

/**
 * Why an accent colour cannot be the shop's, or null when it can: white text on an accent button and the accent as
 * text on the page's near-white background must both reach 4.5:1. A dark colour always does; only a light one fails.
 */
export function accentProblem(hex: string): string | null {
  const colour = normalizeHex(hex);
  const onAccent = contrast(WHITE, colour);
  if (onAccent < AA_CONTRAST) {
    return `Accent colour ${colour} is too light: white text on it has a contrast of ${formatRatio(onAccent)}, it needs ${AA_CONTRAST}:1`;
  }
  const asText = contrast(colour, PAGE_BACKGROUND);
  if (asText < AA_CONTRAST) {
    return `Accent colour ${colour} is too light: as text on the page it has a contrast of ${formatRatio(asText)}, it needs ${AA_CONTRAST}:1`;
  }
  return null;
}

const scaled = (hex: string, factor: number) => hexOf(rgbOf(hex).map((channel) => channel * factor) as Rgb);

/** The same hue made just dark enough to pass accentProblem (the colour itself when it passes already). */
export function nearestAccent(hex: string): string {
  const colour = normalizeHex(hex);
  if (!accentProblem(colour)) return colour;
  // darkening scales every channel alike, which keeps the hue; the contrast grows as the factor shrinks
  let low = 0;
  let high = 1;
  for (let step = 0; step < 20; step++) {
    const middle = (low + high) / 2;
    if (accentProblem(scaled(colour, middle))) high = middle;
    else low = middle;
  }
  return scaled(colour, low);
}

/** The CSS tokens the storefront derives from the accent (styles.css): a darker hover and a pale tint. */
export function accentTokens(hex: string): { accent: string; accentHover: string; accentSoft: string } {
  const colour = normalizeHex(hex);
  const soft = hexOf(rgbOf(colour).map((channel) => 255 - (255 - channel) * 0.13) as Rgb);
  return { accent: colour, accentHover: scaled(colour, 0.84), accentSoft: soft };
}

/**
 * The rule a page writes into its head for the shop's accent. `html:root` outranks the stylesheets' `:root` wherever it
 * stands: a lazy page's script links a stylesheet again after it (the entry's, which a rendered page carries inline).
 */
export function accentStyle(hex: string): string {
  const { accent, accentHover, accentSoft } = accentTokens(hex);
  return `html:root{--accent:${accent};--accent-hover:${accentHover};--accent-soft:${accentSoft}}`;
}
