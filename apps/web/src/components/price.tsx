import { discountedPrice, formatDiscount, formatEgp } from '@shop/core/money';
import './price.css';
import { getLang, t } from '../lib/i18n.ts';

interface PriceProps {
  price: number;
  discount: number;
  large?: boolean;
  showBadge?: boolean;
}

/** The shown price: discounted price, the old one struck through and the -NN% badge when discounted. */
export function Price({ price, discount, large, showBadge = true }: PriceProps) {
  const discounted = discount > 0;
  return (
    <div className={`price${discounted ? ' price--discounted' : ''}${large ? ' price--lg' : ''}`}>
      <span className="price__now">
        {discounted ? <span className="visually-hidden">{t('Sale price')} </span> : null}
        {formatEgp(discountedPrice(price, discount), getLang())}
      </span>
      {discounted ? (
        <>
          <s className="price__old">
            <span className="visually-hidden">{t('Regular price')} </span>
            {formatEgp(price, getLang())}
          </s>
          {showBadge ? <span className="badge">{formatDiscount(discount, getLang())}</span> : null}
        </>
      ) : null}
    </div>
  );
}

export function DiscountBadge({ discount }: { discount: number }) {
  return discount > 0 ? <span className="badge">{formatDiscount(discount, getLang())}</span> : null;
}
