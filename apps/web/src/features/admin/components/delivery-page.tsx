import { useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '@shop/core/messages';
import type { ShippingRate } from '@shop/core/contract/delivery';
import { Button } from '../../../components/button.tsx';
import { FieldMessage } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { focusElement } from '../../../lib/focus.ts';
import { governorateName, sentence } from '../../../lib/i18n.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { saveShippingTable, useShippingTable } from '../api/shipping.ts';
import { t } from '../i18n.ts';
import { AdminHeader } from './admin-header.tsx';
import { COLUMNS, checkRow, rowOfMessage, rowsOf, type Field, type Row, type RowError } from './delivery-rows.ts';
import './delivery-page.css';

/** A row's sentence in the shop's language; shown under the governorate's name, it starts with a capital. */
function atRow(message: string): string {
  const text = sentence(message);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const errorId = (index: number) => `delivery-${index}-error`;
const controlId = (index: number, field: Field) => `delivery-${index}-${field}`;

function DeliveryForm({ initial }: { initial: readonly ShippingRate[] }) {
  const [rows, setRows] = useState(() => rowsOf(initial));
  const [errors, setErrors] = useState<Partial<Record<number, RowError>>>({});
  const form = useRef<HTMLFormElement>(null);

  const set = (index: number, change: Partial<Row>) => {
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...change } : row)));
    setErrors((current) => {
      if (current[index] === undefined) return current;
      const next = { ...current };
      delete next[index];
      return next;
    });
  };

  /** Shows the problems at their rows, then takes focus to the first one's field (its row's first, when it names none). */
  const show = (found: Partial<Record<number, RowError>>) => {
    setErrors(found);
    const first = Object.keys(found).map(Number).sort((a, b) => a - b)[0];
    if (first === undefined) return;
    const field = found[first]?.field ?? 'fee';
    // after the render that marks them, so the field is read with its message
    requestAnimationFrame(() => focusElement(form.current?.querySelector<HTMLElement>(`#${controlId(first, field)}`)));
  };

  const [submit, saving] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const table: ShippingRate[] = [];
    const found: Partial<Record<number, RowError>> = {};
    rows.forEach((row, index) => {
      const checked = checkRow(row);
      if ('error' in checked) found[index] = checked.error;
      else table.push(checked.rate);
    });
    const bad = Object.keys(found).map(Number);
    if (bad.length > 0) {
      const index = bad[0]!;
      notify.error(`${governorateName(rows[index]!.governorate)}: ${sentence(found[index]!.message)}`);
      show(found);
      return;
    }
    try {
      setRows(rowsOf(await saveShippingTable(table)));
      setErrors({});
      notify.success(MESSAGES.shippingSaved);
    } catch (error) {
      const named = error instanceof ApiError && error.status === 400 ? rowOfMessage(error.message) : null;
      if (named) show({ [named.index]: named.error });
      notify.error(errorMessage(error));
    }
  });

  return (
    <form ref={form} className="delivery" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving}>
      <div className="delivery__head" aria-hidden="true">
        <span>{t('Governorate')}</span>
        {COLUMNS.map((column) => <span key={column.field}>{t(column.label)}</span>)}
        <span>{t('Delivers')}</span>
      </div>
      <ul className="delivery__rows">
        {rows.map((row, index) => {
          const name = governorateName(row.governorate);
          const error = errors[index];
          const describedBy = error ? errorId(index) : undefined;
          return (
            <li key={row.governorate} className={`delivery__row${row.enabled ? '' : ' delivery__row--off'}${error ? ' delivery__row--invalid' : ''}`}>
              <fieldset className="delivery__fieldset" aria-describedby={describedBy}>
                <legend className="delivery__name">{name}</legend>
                {COLUMNS.map((column) => (
                  <div key={column.field} className="delivery__cell">
                    <label className="delivery__label" htmlFor={controlId(index, column.field)}>{t(column.label)}</label>
                    <input
                      id={controlId(index, column.field)}
                      className="input tabular"
                      type="number"
                      inputMode={column.money ? 'decimal' : 'numeric'}
                      min={0}
                      step={column.money ? 0.01 : 1}
                      aria-label={t(column.name, { governorate: name })}
                      aria-invalid={error && (error.field === column.field || error.field === null) ? true : undefined}
                      aria-describedby={describedBy}
                      placeholder={column.field === 'freeOver' ? t('Never') : undefined}
                      value={row[column.field]}
                      onChange={(event) => set(index, { [column.field]: event.target.value })}
                    />
                  </div>
                ))}
                <div className="delivery__cell delivery__cell--check">
                  <input
                    id={controlId(index, 'enabled')}
                    type="checkbox"
                    checked={row.enabled}
                    aria-describedby={describedBy}
                    onChange={(event) => set(index, { enabled: event.target.checked })}
                  />
                  <label htmlFor={controlId(index, 'enabled')}>
                    {t('Delivers')}
                    <span className="visually-hidden"> {t('to {governorate}', { governorate: name })}</span>
                  </label>
                </div>
                {error ? (
                  <div className="delivery__error">
                    <FieldMessage id={errorId(index)} message={atRow(error.message)} />
                  </div>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ul>
      <div className="admin-form__actions delivery__actions">
        <Button type="submit" busy={saving}>{t('Save delivery prices')}</Button>
      </div>
    </form>
  );
}

/** Delivery by governorate (PRODUCT section 8): each governorate's fee, cash fee, days, free-delivery amount, on or off. */
export function DeliveryPage() {
  useDocumentTitle(t('Delivery'));
  const table = useShippingTable();
  return (
    <>
      <AdminHeader
        title={t('Delivery')}
        text={t('What delivery costs in each governorate. The cash fee is added when the customer pays on delivery; leave “Free over” blank when delivery is never free.')}
      />
      {table.data ? (
        <DeliveryForm initial={table.data} />
      ) : table.status === 'error' ? (
        <p className="admin-note" role="alert">{t('The delivery prices could not be loaded')}</p>
      ) : (
        <p className="muted" role="status">{t('Loading…')}</p>
      )}
    </>
  );
}
