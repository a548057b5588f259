// The server stores each uploaded or seeded image at a few widths: /images/<name>-400.webp, -800, -1200.
const SIZED_IMAGE = /^(.*)-(400|800|1200)\.webp$/;
export const IMAGE_WIDTHS = [400, 800, 1200] as const;

export interface ImageSources {
  src: string;
  srcSet?: string;
}

/** src and srcset for a product image; links to other hosts are used as they are. */
export function imageSources(url: string, preferredWidth: (typeof IMAGE_WIDTHS)[number] = 800): ImageSources {
  const match = SIZED_IMAGE.exec(url);
  if (!match) return { src: url };
  const base = match[1]!;
  return {
    src: `${base}-${preferredWidth}.webp`,
    srcSet: IMAGE_WIDTHS.map((width) => `${base}-${width}.webp ${width}w`).join(', '),
  };
}
