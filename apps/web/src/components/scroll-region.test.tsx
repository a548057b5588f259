import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ScrollRegion, scrollState } from './scroll-region.tsx';

describe('scrollState', () => {
  it('says a table wider than its box scrolls, until its far end is in view', () => {
    expect(scrollState({ scrollWidth: 620, clientWidth: 320, scrollLeft: 0 })).toEqual({ overflows: true, atEnd: false });
    expect(scrollState({ scrollWidth: 620, clientWidth: 320, scrollLeft: 300 })).toEqual({ overflows: true, atEnd: true });
  });

  it('reads a right-to-left box, whose scrollLeft runs below zero', () => {
    expect(scrollState({ scrollWidth: 620, clientWidth: 320, scrollLeft: -120 })).toEqual({ overflows: true, atEnd: false });
    expect(scrollState({ scrollWidth: 620, clientWidth: 320, scrollLeft: -299.5 })).toEqual({ overflows: true, atEnd: true });
  });

  it('takes a pixel of rounding for a table that fits', () => {
    expect(scrollState({ scrollWidth: 321, clientWidth: 320, scrollLeft: 0 })).toEqual({ overflows: false, atEnd: true });
  });
});

describe('ScrollRegion', () => {
  it('is a named region a keyboard can scroll, with no sign before it is measured', () => {
    const html = renderToString(<ScrollRegion label="Shirts: measurements in cm"><table /></ScrollRegion>);
    expect(html).toContain('role="region"');
    expect(html).toContain('aria-label="Shirts: measurements in cm"');
    expect(html).toContain('tabindex="0"');
    expect(html).not.toContain('scroll-region__hint');
  });
});
