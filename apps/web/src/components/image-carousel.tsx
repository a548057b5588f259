import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { ProductImage } from './product-image.tsx';
import './image-carousel.css';
import { getLang, t } from '../lib/i18n.ts';

interface ImageCarouselProps {
  images: readonly string[];
  alt: string;
}

const SWIPE_PX = 40;

/** One slide at a time, looping, with arrows, dots, swipe and the arrow keys. */
export function ImageCarousel({ images, alt }: ImageCarouselProps) {
  const [index, setIndex] = useState(0);
  const [dragX, setDragX] = useState<number | null>(null);
  const start = useRef<{ x: number; id: number } | null>(null);
  const count = images.length;
  const rtl = getLang() === 'ar';
  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (count < 2 || event.button !== 0) return;
    start.current = { x: event.clientX, id: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.id !== event.pointerId) return;
    const dx = event.clientX - start.current.x;
    if (dragX === null && Math.abs(dx) > 6) event.currentTarget.setPointerCapture(event.pointerId);
    setDragX(dx);
  };
  const onPointerEnd = () => {
    if (start.current && dragX !== null) {
      // right to left, the next picture comes in from the left
      const forward = rtl ? dragX : -dragX;
      if (forward >= SWIPE_PX) go(index + 1);
      else if (forward <= -SWIPE_PX) go(index - 1);
    }
    start.current = null;
    setDragX(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') go(rtl ? index + 1 : index - 1);
    else if (event.key === 'ArrowRight') go(rtl ? index - 1 : index + 1);
  };

  const slid = (rtl ? 1 : -1) * index * 100;
  const offset = dragX === null ? `${slid}%` : `calc(${slid}% + ${dragX}px)`;

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={t('Pictures of {name}', { name: alt })} onKeyDown={onKeyDown}>
      <div
        className={`carousel__track${dragX !== null ? ' carousel__track--dragging' : ''}`}
        style={{ transform: `translateX(${offset})` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        aria-live="polite"
      >
        {images.map((url, slide) => (
          <div
            className="carousel__slide"
            key={`${slide}:${url}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t('{number} of {count}', { number: slide + 1, count })}
            aria-hidden={slide !== index}
          >
            <ProductImage url={url} alt={count > 1 ? `${alt}, picture ${slide + 1}` : alt} sizes="(min-width: 1024px) 560px, 100vw" eager={slide === 0} />
          </div>
        ))}
        {count === 0 ? (
          <div className="carousel__slide">
            <ProductImage url={undefined} alt={alt} sizes="100vw" />
          </div>
        ) : null}
      </div>
      {count > 1 ? (
        <>
          <button type="button" className="icon-btn carousel__arrow carousel__arrow--prev" onClick={() => go(index - 1)} aria-label={t('Previous picture')}>
            <ChevronLeft className="flip-rtl" size={22} aria-hidden="true" />
          </button>
          <button type="button" className="icon-btn carousel__arrow carousel__arrow--next" onClick={() => go(index + 1)} aria-label={t('Next picture')}>
            <ChevronRight className="flip-rtl" size={22} aria-hidden="true" />
          </button>
          <div className="carousel__dots">
            {images.map((url, dot) => (
              <button
                type="button"
                key={`${dot}:${url}`}
                className="carousel__dot"
                aria-label={t('Show picture {number}', { number: dot + 1 })}
                aria-current={dot === index}
                onClick={() => go(dot)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
