import { LOW_STOCK_MAX } from '@shop/core/constants';
import type { SizeStock } from '@shop/core/contract/catalog';
import { sizeAvailable } from '@shop/core/stock';
import { plural, sentence, t } from '../../../lib/i18n.ts';

interface SizePickerProps {
  sizes: readonly SizeStock[];
  value: string | null;
  onChange: (size: string) => void;
  error?: string | null;
}

/**
 * A radio group drawn as buttons: arrow keys move between the sizes. A sold-out size stays in the list (crossed out,
 * its name read with "sold out") so the shopper sees what exists; choosing it cannot add it to the cart, it offers to
 * tell her when it is back (decision 040).
 */
export function SizePicker({ sizes, value, onChange, error }: SizePickerProps) {
  const chosen = sizes.find((entry) => entry.size === value);
  return (
    <fieldset className="size-picker" aria-describedby={error ? 'size-picker-error' : undefined} aria-invalid={error ? true : undefined}>
      <legend className="product__label">{t('Size')}{chosen ? <span className="size-picker__chosen">: {chosen.size}</span> : null}</legend>
      <div className="size-picker__options">
        {sizes.map((entry) => {
          const available = sizeAvailable(entry);
          return (
            <label key={entry.size} className={`size-picker__option${available ? '' : ' size-picker__option--sold-out'}`}>
              <input
                type="radio"
                name="size"
                value={entry.size}
                checked={value === entry.size}
                onChange={() => onChange(entry.size)}
                aria-label={available ? entry.size : t('{size}, sold out', { size: entry.size })}
              />
              <span aria-hidden="true">{entry.size}</span>
            </label>
          );
        })}
      </div>
      {chosen && chosen.stock !== null && chosen.stock <= LOW_STOCK_MAX ? (
        <p className="size-picker__left">{plural('Only {count} left in size {size}', chosen.stock, { size: chosen.size })}</p>
      ) : null}
      {error ? <p id="size-picker-error" className="size-picker__error" role="alert">{sentence(error)}</p> : null}
    </fieldset>
  );
}
