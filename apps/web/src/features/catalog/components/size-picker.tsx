import type { SizeStock } from '@shop/core/contract/catalog';
import { sizeAvailable, stockNote } from '@shop/core/stock';
import { plural, sentence, sizeLabel, t } from '../../../lib/i18n.ts';

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
  // a sold-out size says so below (back-in-stock.tsx): only a few left is counted here, never "Only 0 left"
  const note = chosen ? stockNote(chosen.stock) : null;
  return (
    <fieldset className="size-picker" aria-describedby={error ? 'size-picker-error' : undefined} aria-invalid={error ? true : undefined}>
      <legend className="product__label">{t('Size')}{chosen ? <span className="size-picker__chosen">: {sizeLabel(chosen.size)}</span> : null}</legend>
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
                // a size tapped before the page's script took over is checked already: tapped again it fires no
                // change, only a click (sizes.spec.ts's sold-out size, about one run in forty)
                onClick={() => onChange(entry.size)}
                aria-label={available ? sizeLabel(entry.size) : t('{size}, sold out', { size: sizeLabel(entry.size) })}
              />
              <span aria-hidden="true">{sizeLabel(entry.size)}</span>
            </label>
          );
        })}
      </div>
      {chosen && note?.kind === 'few' ? (
        <p className="size-picker__left">{plural('Only {count} left in size {size}', note.left, { size: sizeLabel(chosen.size) })}</p>
      ) : null}
      {error ? <p id="size-picker-error" className="size-picker__error" role="alert">{sentence(error)}</p> : null}
    </fieldset>
  );
}
