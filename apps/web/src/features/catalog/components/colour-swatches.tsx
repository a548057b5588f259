import { Link } from 'react-router';
import type { Product } from '@shop/core/contract/catalog';
import { productPath } from '../../../lib/paths.ts';
import { getLang, t } from '../../../lib/i18n.ts';

const colourName = (color: { name: string; nameAr: string }) => (getLang() === 'ar' && color.nameAr) || color.name;

/**
 * The colours of the product's design (its style), each a swatch linking to its own product: the name is what a screen
 * reader says, the product shown is `aria-current` and ringed. A product alone in its style just names its colour.
 */
export function ColourSwatches({ product }: { product: Product }) {
  const { color, styleColors = [] } = product;
  if (!color) return null;
  return (
    <div className="colours">
      <p className="product__label">
        {t('Colour')}: <span className="colours__chosen">{colourName(color)}</span>
      </p>
      {styleColors.length > 1 ? (
        <ul className="colours__list" aria-label={t('Colours of this design')}>
          {styleColors.map((other) => (
            <li key={other._id}>
              <Link
                to={productPath(other.name)}
                className="colours__swatch"
                aria-current={other._id === product._id ? 'true' : undefined}
                aria-label={colourName(other.color)}
                title={colourName(other.color)}
                replace
              >
                <span className="swatch" style={{ background: other.color.hex }} aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
