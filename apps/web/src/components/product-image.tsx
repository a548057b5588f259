import { imageSources } from '../lib/image-sources.ts';

interface ProductImageProps {
  url: string | undefined;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}

// Every product picture sits in a 3:4 frame, so the page never jumps while images arrive.
export function ProductImage({ url, alt, sizes, eager, className }: ProductImageProps) {
  if (!url) return <div className={`product-image product-image--empty ${className ?? ''}`} role="img" aria-label={alt} />;
  const { src, srcSet } = imageSources(url);
  return (
    <img
      className={`product-image ${className ?? ''}`}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={600}
      height={800}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}
