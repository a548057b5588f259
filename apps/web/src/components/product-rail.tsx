import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Product } from '@shop/core/contract/catalog';
import { ignoreWhen } from './button.tsx';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';
import './product-rail.css';
import { t } from '../lib/i18n.ts';

interface ProductRailProps {
  products: readonly Product[] | undefined;
  label: string;
  heading: ReactNode;
  renderAction?: (product: Product) => ReactNode;
}

// A swipeable row built on CSS scroll-snap: the browser does the touch physics, no carousel library.
// The arrows at either end are aria-disabled, not disabled, so the one in focus keeps the focus.
export function ProductRail({ products, label, heading, renderAction }: ProductRailProps) {
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });

  const measure = useCallback(() => {
    const element = track.current;
    if (!element) return;
    // right to left, scrollLeft runs from 0 at the start to negative numbers towards the end
    const travelled = Math.abs(element.scrollLeft);
    setEdges({
      start: travelled <= 2,
      end: travelled + element.clientWidth >= element.scrollWidth - 2,
    });
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, products]);

  const scrollByPage = (direction: 1 | -1) => {
    const element = track.current;
    if (!element) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const forward = getComputedStyle(element).direction === 'rtl' ? -1 : 1;
    element.scrollBy({ left: forward * direction * element.clientWidth * 0.9, behavior: reduce ? 'auto' : 'smooth' });
  };

  return (
    <section className="rail" aria-label={label}>
      <div className="section-head">
        {heading}
        <div className="rail__controls">
          <button type="button" className="icon-btn rail__arrow" onClick={ignoreWhen(edges.start, () => scrollByPage(-1))} aria-disabled={edges.start} aria-label={t('Previous products')}>
            <ChevronLeft className="flip-rtl" size={20} aria-hidden="true" />
          </button>
          <button type="button" className="icon-btn rail__arrow" onClick={ignoreWhen(edges.end, () => scrollByPage(1))} aria-disabled={edges.end} aria-label={t('Next products')}>
            <ChevronRight className="flip-rtl" size={20} aria-hidden="true" />
          </button>
        </div>
      </div>
      <ul className="rail__track" ref={track} onScroll={measure} aria-busy={!products}>
        {products
          ? products.map((product) => (
              <li key={product._id}>
                {/* below the collections on every screen: its pictures load lazily, after the first paint */}
                <ProductCard
                  product={product}
                  sizes="(min-width: 1240px) 295px, (min-width: 768px) 23vw, 44vw"
                  action={renderAction?.(product)}
                />
              </li>
            ))
          : Array.from({ length: 4 }, (_, index) => (
              <li key={index}>
                <ProductCardSkeleton />
              </li>
            ))}
      </ul>
    </section>
  );
}
