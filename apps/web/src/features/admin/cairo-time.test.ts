import { describe, expect, it } from 'vitest';
import { cairoInputToIso, isoToCairoInput } from './cairo-time.ts';

describe("a discount code's dates in Cairo time", () => {
  it("reads a winter time with Cairo's +02:00", () => {
    expect(cairoInputToIso('2026-12-01T09:30')).toBe('2026-12-01T09:30:00+02:00');
    expect(Date.parse(cairoInputToIso('2026-12-01T09:30')!)).toBe(Date.parse('2026-12-01T07:30:00Z'));
  });

  it("reads a summer time with Egypt's summer +03:00", () => {
    expect(cairoInputToIso('2026-07-15T23:45')).toBe('2026-07-15T23:45:00+03:00');
  });

  it('leaves a blank or a malformed value out', () => {
    expect(cairoInputToIso('')).toBeNull();
    expect(cairoInputToIso('2026-07-15')).toBeNull();
  });

  it('shows a saved moment back in Cairo time, whatever offset it was written with', () => {
    expect(isoToCairoInput('2026-12-01T07:30:00.000Z')).toBe('2026-12-01T09:30');
    expect(isoToCairoInput('2026-07-15T20:45:00Z')).toBe('2026-07-15T23:45');
    expect(isoToCairoInput(null)).toBe('');
  });

  it('gives back what was typed, across the year', () => {
    for (const local of ['2026-01-01T00:00', '2026-04-30T12:00', '2026-10-29T22:15', '2027-03-01T08:05']) {
      expect(isoToCairoInput(cairoInputToIso(local))).toBe(local);
    }
  });
});
