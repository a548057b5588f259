import { describe, expect, it } from 'vitest';
import { accentProblem, accentStyle, accentTokens, contrast, nearestAccent, normalizeHex } from './colour.ts';
import { DEFAULT_ACCENT } from './brand.ts';

describe('contrast', () => {
  it("is WCAG's ratio: 21 for black on white, 1 for a colour on itself", () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#a4461f', '#a4461f')).toBe(1);
    // WebAIM's checker gives #777777 on white 4.48
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe('accentProblem', () => {
  it("passes the shop's own accent and any dark colour", () => {
    expect(accentProblem(DEFAULT_ACCENT)).toBeNull();
    expect(accentProblem('#1d3557')).toBeNull();
    expect(accentProblem('#000')).toBeNull();
  });

  it('refuses a light colour, naming it and its contrast with white text', () => {
    expect(accentProblem('#FFCC00')).toBe('Accent colour #ffcc00 is too light: white text on it has a contrast of 1.5:1, it needs 4.5:1');
  });

  it('refuses a colour white text passes on but that is too pale as text on the page', () => {
    // white on #767676 is 4.54:1, the same grey on the near-white page is 4.36:1
    expect(accentProblem('#767676')).toBe('Accent colour #767676 is too light: as text on the page it has a contrast of 4.3:1, it needs 4.5:1');
  });
});

describe('nearestAccent', () => {
  it('darkens a light colour just enough, keeping its hue', () => {
    const darker = nearestAccent('#ffcc00');
    expect(accentProblem(darker)).toBeNull();
    const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(darker.slice(at, at + 2), 16));
    expect(b).toBe(0);
    expect(r! / g!).toBeCloseTo(255 / 204, 1);
    // just enough: a step lighter would fail
    expect(contrast(darker, '#fbfaf8')).toBeLessThan(4.6);
  });

  it('leaves a colour that passes as it is', () => {
    expect(nearestAccent('#1D3557')).toBe('#1d3557');
  });
});

describe('the accent tokens', () => {
  it('give a darker hover and a pale tint that the hover colour stays readable on', () => {
    // styles.css: #a4461f, hover #8a3a19, soft #f6e7df
    expect(accentTokens(DEFAULT_ACCENT)).toEqual({ accent: '#a4461f', accentHover: '#8a3b1a', accentSoft: '#f3e7e2' });
    // the admin's badges write --accent-hover on --accent-soft
    for (const colour of [DEFAULT_ACCENT, '#1d3557', '#0b6e4f', nearestAccent('#ffcc00'), nearestAccent('#7fd1ff')]) {
      const { accentHover, accentSoft } = accentTokens(colour);
      expect(contrast(accentHover, accentSoft), colour).toBeGreaterThanOrEqual(4.5);
    }
    expect(accentStyle('#1D3557')).toMatch(/^html:root\{--accent:#1d3557;--accent-hover:#[0-9a-f]{6};--accent-soft:#[0-9a-f]{6}\}$/);
  });

  it('normalizes short and upper-case hex colours', () => {
    expect(normalizeHex('#ABC')).toBe('#aabbcc');
    expect(normalizeHex('1d3557')).toBe('#1d3557');
  });
});
