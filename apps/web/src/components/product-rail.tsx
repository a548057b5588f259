import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Product } from '@shop/core/schemas';
import { ignoreWhen } from './button.tsx';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';
import './product-rail.css';

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
    setEdges({
      start: element.scrollLeft <= 2,
      end: element.scrollLeft + element.clientWidth >= element.scrollWidth - 2,
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
    element.scrollBy({ left: direction * element.clientWidth * 0.9, behavior: reduce ? 'auto' : 'smooth' });
  };

  return (
    <section className="rail" aria-label={label}>
      <div className="section-head">
        {heading}
        <div className="rail__controls">
          <button type="button" className="icon-btn rail__arrow" onClick={ignoreWhen(edges.start, () => scrollByPage(-1))} aria-disabled={edges.start} aria-label="Previous products">
            <ChevronLeft size={20} aria-hidden="true" />
          </button>
          <button type="button" className="icon-btn rail__arrow" onClick={ignoreWhen(edges.end, () => scrollByPage(1))} aria-disabled={edges.end} aria-label="Next products">
            <ChevronRight size={20} aria-hidden="true" />
          </button>
        </div>
      </div>
      <ul className="rail__track" ref={track} onScroll={measure} aria-busy={!products}>
        {products
          ? products.map((product, index) => (
              <li key={product._id}>
                <ProductCard
                  product={product}
                  eager={index < 2}
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
