import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { CLOTHING_SIZES, ONE_SIZE, SHOE_SIZES, SIZES } from '@shop/core/constants';
import type { SizeStock } from '@shop/core/contract/catalog';
import { Button } from '../../../components/button.tsx';
import { formatNumber, t } from '../i18n.ts';

/** One row of the editor as typed: the stock is text until the shared schema reads it. */
export interface SizeRow {
  key: string;
  size: string;
  stock: string;
  tracked: boolean;
}

let rowKey = 0;
const nextKey = () => `size-${(rowKey += 1)}`;

export const rowsFrom = (sizes: readonly SizeStock[]): SizeRow[] =>
  sizes.map(({ size, stock }) => ({ key: nextKey(), size, stock: stock === null ? '' : String(stock), tracked: stock !== null }));

const PRESETS = [
  ['Clothes XS–XXL', CLOTHING_SIZES],
  ['Shoes 38–45', SHOE_SIZES],
  ['One size', [ONE_SIZE]],
] as const;

/** A size as the dashboard names it: "One size" in its language, the others as they are written (S, 42). */
const sizeName = (size: string) => (size === ONE_SIZE ? t('One size') : size);

interface SizesEditorProps {
  id: string;
  rows: SizeRow[];
  onChange: (rows: SizeRow[]) => void;
  disabled?: boolean;
}

/** Sizes in the order shoppers see them, each with its stock or "not tracked". */
export function SizesEditor({ id, rows, onChange, disabled }: SizesEditorProps) {
  const update = (key: string, change: Partial<SizeRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    onChange(next);
  };
  const unused = SIZES.filter((size) => !rows.some((row) => row.size === size));
  return (
    <div className="sizes-editor">
      <h2 id={`${id}-sizes`} className="admin-card__title">{t('Sizes and stock')}</h2>
      <div className="sizes-editor__presets" role="group" aria-label={t('Fill the sizes with')}>
        {PRESETS.map(([label, sizes]) => (
          <Button key={label} variant="secondary" small disabled={disabled}
            onClick={() => onChange(sizes.map((size) => ({ key: nextKey(), size, stock: '0', tracked: true })))}>
            {t(label)}
          </Button>
        ))}
      </div>
      <div className="sizes-editor__scroll">
      <table className="table sizes-editor__table" aria-labelledby={`${id}-sizes`}>
        <thead>
          <tr>
            <th scope="col">{t('Size')}</th>
            <th scope="col">{t('Stock')}</th>
            <th scope="col">{t('Not tracked')}</th>
            <th scope="col"><span className="visually-hidden">{t('Order and remove')}</span></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.key}>
              <td>
                <select className="select" aria-label={t('Size {number}', { number: formatNumber(index + 1) })} value={row.size} disabled={disabled} onChange={(event) => update(row.key, { size: event.target.value })}>
                  {[row.size, ...unused].map((size) => <option key={size} value={size}>{sizeName(size)}</option>)}
                </select>
              </td>
              <td>
                <input className="input tabular" type="number" inputMode="numeric" min={0} step={1} aria-label={t('Stock of size {size}', { size: sizeName(row.size) })}
                  value={row.tracked ? row.stock : ''} placeholder={row.tracked ? '0' : '—'} disabled={disabled || !row.tracked}
                  onChange={(event) => update(row.key, { stock: event.target.value })} />
              </td>
              <td>
                <input type="checkbox" aria-label={t('Size {size}: stock not tracked', { size: sizeName(row.size) })} checked={!row.tracked} disabled={disabled}
                  onChange={(event) => update(row.key, { tracked: !event.target.checked })} />
              </td>
              <td className="sizes-editor__row-actions">
                <button type="button" className="icon-btn" aria-label={t('Move size {size} up', { size: sizeName(row.size) })} disabled={disabled || index === 0} onClick={() => move(index, -1)}>
                  <ArrowUp size={16} aria-hidden="true" />
                </button>
                <button type="button" className="icon-btn" aria-label={t('Move size {size} down', { size: sizeName(row.size) })} disabled={disabled || index === rows.length - 1} onClick={() => move(index, 1)}>
                  <ArrowDown size={16} aria-hidden="true" />
                </button>
                <button type="button" className="icon-btn" aria-label={t('Remove size {size}', { size: sizeName(row.size) })} disabled={disabled || rows.length === 1} onClick={() => onChange(rows.filter((other) => other.key !== row.key))}>
                  <Trash2 size={16} aria-hidden="true" />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {unused.length > 0 ? (
        <Button variant="quiet" small disabled={disabled} onClick={() => onChange([...rows, { key: nextKey(), size: unused[0]!, stock: '0', tracked: true }])}>
          <Plus size={16} aria-hidden="true" /> {t('Add a size')}
        </Button>
      ) : null}
    </div>
  );
}
