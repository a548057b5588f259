import { useEffect, useRef, useState, type ReactNode } from 'react';
import { t } from '../lib/i18n.ts';
import './scroll-region.css';

/** Where a sideways-scrolling box stands: whether it is wider than it shows, and whether its far end is in view. */
export interface ScrollState {
  overflows: boolean;
  atEnd: boolean;
}

/**
 * Read from the box's sizes: a pixel's rounding is not a column. In a right-to-left page scrollLeft runs from 0 to
 * minus the hidden width, so its size is what counts.
 */
export function scrollState(box: { scrollWidth: number; clientWidth: number; scrollLeft: number }): ScrollState {
  const hidden = box.scrollWidth - box.clientWidth;
  return { overflows: hidden > 1, atEnd: Math.abs(box.scrollLeft) >= hidden - 1 };
}

/**
 * A table (or any wide content) that may be wider than a phone: when it is, a caption above it says so ("Scroll
 * sideways for more →") and its far edge fades until the shopper reaches it, so a hidden column is never a secret.
 * Focusable and named, so a keyboard scrolls it too.
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ScrollState>({ overflows: false, atEnd: true });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const next = scrollState(element);
      setState((now) => (now.overflows === next.overflows && now.atEnd === next.atEnd ? now : next));
    };
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      resized.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);
  const classes = ['scroll-region', state.overflows ? 'scroll-region--scrolls' : '', state.overflows && !state.atEnd ? 'scroll-region--more' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} data-scrolls={state.overflows ? 'true' : undefined}>
      {state.overflows ? (
        <p className="scroll-region__hint" aria-hidden="true">
          {t('Scroll sideways for more')} <span className="flip-rtl">→</span>
        </p>
      ) : null}
      <div className="scroll-region__frame">
        <div ref={box} className="scroll-region__box" tabIndex={0} role="region" aria-label={label}>
          {children}
        </div>
      </div>
    </div>
  );
}
