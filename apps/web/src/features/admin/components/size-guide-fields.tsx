import type { ClipboardEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { SIZES } from '@shop/core/constants';
import { SIZE_GUIDE_COLUMNS_MAX, type SizeGuide } from '@shop/core/contract/catalog';
import { measurementName } from '@shop/core/measurement-names';
import { readSizeGuideText } from '@shop/core/size-guide';
import { Button } from '../../../components/button.tsx';
import { describedBy, FieldMessage } from '../../../components/form-field.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { getLang, sizeLabel } from '../../../lib/i18n.ts';
import type { FieldState } from '../../../lib/use-field-errors.ts';
import { formatNumber, t } from '../i18n.ts';

/** A category's size chart as the form holds it: the measurements' names, then a row per size with a value for each. */
export interface SizeGuideDraft {
  columns: string[];
  rows: { size: string; values: string[] }[];
  note: string;
  noteAr: string;
}

/** Where a new chart starts: two measurements and one size to fill in. */
const NEW_CHART = { columns: ['Chest', 'Length'], rows: [{ size: '', values: ['', ''] }] };

const blank = (draft: Pick<SizeGuideDraft, 'columns' | 'rows'>) =>
  draft.columns.every((name) => !name.trim()) && draft.rows.every((row) => !row.size && row.values.every((value) => !value.trim()));

/**
 * A category's size chart in the dashboard, edited as the table shoppers read (issue 42: it was comma-separated text):
 * the measurements across, a size per row chosen from the shop's sizes, rows and columns added and removed by buttons.
 * A chart copied from a spreadsheet and pasted into any cell fills the table (tabs or commas between cells). No chart
 * at all: the category has no guide.
 */
export function SizeGuideFields({ value, onChange, field }: { value: SizeGuideDraft; onChange: (next: SizeGuideDraft) => void; field: FieldState }) {
  const chart = value.columns.length === 0 && value.rows.length === 0 ? null : value;
  const change = (next: Partial<SizeGuideDraft>) => onChange({ ...value, ...next });
  const setColumn = (at: number, name: string) => change({ columns: value.columns.map((column, index) => (index === at ? name : column)) });
  const setRow = (at: number, row: Partial<SizeGuideDraft['rows'][number]>) =>
    change({ rows: value.rows.map((each, index) => (index === at ? { ...each, ...row } : each)) });
  const setValue = (at: number, column: number, cell: string) =>
    setRow(at, { values: value.rows[at]!.values.map((each, index) => (index === column ? cell : each)) });
  // a spreadsheet's cells pasted anywhere in the table: the whole chart, its first line naming the measurements
  const paste = (event: ClipboardEvent<HTMLElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!/[\t\n]/.test(text.trim())) return;
    const read = readSizeGuideText(text);
    if (!read) return;
    event.preventDefault();
    change({ columns: read.columns, rows: read.rows.map((row) => ({ size: row.size, values: read.columns.map((_, index) => row.values[index] ?? '') })) });
  };
  const describe = describedBy(field, { hint: true });

  return (
    <fieldset className="admin-fieldset size-guide-editor" aria-describedby={describe}>
      <legend className="admin-card__title">{t('Size guide')}</legend>
      <p id={`${field.id}-hint`} className="field__hint">
        {t('Optional. The measurements in cm across, a size on each row. A chart copied from a spreadsheet can be pasted into any cell.')}
      </p>
      {chart ? (
        <ScrollRegion label={t('Size chart (cm)')}>
          <table className="size-guide-editor__table" onPaste={paste}>
            <thead>
              <tr>
                <th scope="col">{t('Size')}</th>
                {value.columns.map((column, at) => (
                  <th key={at} scope="col">
                    <span className="size-guide-editor__cell">
                      <input
                        className="input"
                        {...(at === 0 ? { id: field.id, ref: field.controlRef } : {})}
                        aria-invalid={field.error ? true : undefined}
                        aria-label={t('Measurement {number}', { number: formatNumber(at + 1) })}
                        maxLength={30}
                        dir="auto"
                        value={column}
                        onChange={(event) => setColumn(at, event.target.value)}
                      />
                      <button
                        type="button"
                        className="icon-btn size-guide-editor__remove"
                        aria-label={t('Remove the measurement {name}', { name: column ? measurementName(column, getLang()) : formatNumber(at + 1) })}
                        onClick={() => change({ columns: value.columns.filter((_, index) => index !== at), rows: value.rows.map((row) => ({ ...row, values: row.values.filter((_, index) => index !== at) })) })}
                      >
                        <X size={16} aria-hidden="true" />
                      </button>
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {value.rows.map((row, at) => {
                const rowName = row.size ? sizeLabel(row.size) : formatNumber(at + 1);
                return (
                  <tr key={at}>
                    <th scope="row">
                      <span className="size-guide-editor__cell">
                        <select className="input" aria-label={t('Size of row {number}', { number: formatNumber(at + 1) })} value={row.size} onChange={(event) => setRow(at, { size: event.target.value })}>
                          <option value="">{t('Choose a size')}</option>
                          {SIZES.map((size) => (
                            <option key={size} value={size} disabled={size !== row.size && value.rows.some((other) => other.size === size)}>
                              {sizeLabel(size)}
                            </option>
                          ))}
                        </select>
                        <button
                          type="button"
                          className="icon-btn size-guide-editor__remove"
                          aria-label={t('Remove the size {size}', { size: rowName })}
                          onClick={() => change({ rows: value.rows.filter((_, index) => index !== at) })}
                        >
                          <X size={16} aria-hidden="true" />
                        </button>
                      </span>
                    </th>
                    {value.columns.map((column, index) => (
                      <td key={index}>
                        <input
                          className="input tabular"
                          aria-label={t('{measurement} of size {size}', { measurement: column ? measurementName(column, getLang()) : formatNumber(index + 1), size: rowName })}
                          maxLength={20}
                          dir="ltr"
                          inputMode="decimal"
                          value={row.values[index] ?? ''}
                          onChange={(event) => setValue(at, index, event.target.value)}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      <div className="size-guide-editor__actions">
        {chart ? (
          <>
            <Button type="button" variant="secondary" small onClick={() => change({ rows: [...value.rows, { size: '', values: value.columns.map(() => '') }] })}>
              <Plus size={16} aria-hidden="true" />
              {t('Add a size')}
            </Button>
            {value.columns.length < SIZE_GUIDE_COLUMNS_MAX ? (
              <Button type="button" variant="secondary" small onClick={() => change({ columns: [...value.columns, ''], rows: value.rows.map((row) => ({ ...row, values: [...row.values, ''] })) })}>
                <Plus size={16} aria-hidden="true" />
                {t('Add a measurement')}
              </Button>
            ) : null}
            <Button type="button" variant="quiet" small onClick={() => change({ columns: [], rows: [] })}>
              {t('Remove the size guide')}
            </Button>
          </>
        ) : (
          <Button type="button" variant="secondary" small {...(chart ? {} : { id: field.id, ref: field.controlRef })} onClick={() => change(NEW_CHART)}>
            <Plus size={16} aria-hidden="true" />
            {t('Add a size guide')}
          </Button>
        )}
      </div>
      <FieldMessage id={`${field.id}-error`} message={field.error} />
      <label className="field">
        <span>{t('Note')}</span>
        <textarea className="input admin-textarea" dir="ltr" lang="en" rows={2} maxLength={500} value={value.note} onChange={(event) => change({ note: event.target.value })} />
      </label>
      <label className="field">
        <span>{t('Note in Arabic')}</span>
        <textarea className="input admin-textarea" dir="rtl" lang="ar" rows={2} maxLength={500} value={value.noteAr} onChange={(event) => change({ noteAr: event.target.value })} />
      </label>
    </fieldset>
  );
}

/** The draft as the contract's body takes it: null when the chart is empty (no guide); a row left blank is dropped. */
export function sizeGuideOf({ columns, rows, note, noteAr }: SizeGuideDraft) {
  if (blank({ columns, rows })) return null;
  const filled = rows.filter((row) => row.size || row.values.some((each) => each.trim()));
  return { columns: columns.map((name) => name.trim()), rows: filled.map((row) => ({ size: row.size, values: row.values.map((each) => each.trim()) })), note, noteAr };
}

export function sizeGuideDraft(guide: SizeGuide | undefined): SizeGuideDraft {
  return {
    columns: guide ? [...guide.columns] : [],
    rows: guide ? guide.rows.map((row) => ({ size: row.size, values: guide.columns.map((_, index) => row.values[index] ?? '') })) : [],
    note: guide?.note ?? '',
    noteAr: guide?.noteAr ?? '',
  };
}
