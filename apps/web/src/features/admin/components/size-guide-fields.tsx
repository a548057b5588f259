import type { SizeGuide } from '@shop/core/contract/catalog';
import { readSizeGuideText, sizeGuideText } from '@shop/core/size-guide';
import { FormField } from '../../../components/form-field.tsx';
import type { FieldState } from '../../../lib/use-field-errors.ts';
import { t } from '../i18n.ts';

export interface SizeGuideDraft {
  /** the chart as text (shop-core size-guide.ts): a line per size, cells separated by commas */
  table: string;
  note: string;
  noteAr: string;
}

/**
 * A category's size chart in the dashboard: the table as lines of text (typed, or pasted from a spreadsheet), and a
 * note in both languages. Blank table: the category has no guide.
 */
export function SizeGuideFields({ value, onChange, field }: { value: SizeGuideDraft; onChange: (next: SizeGuideDraft) => void; field: FieldState }) {
  return (
    <fieldset className="admin-fieldset">
      <legend className="admin-card__title">{t('Size guide')}</legend>
      <FormField label={t('Size chart (cm)')} hint={t('Optional. One line per size: the size, then its measurements, separated by commas. The first line names the measurements, e.g. Size, Chest, Waist.')} field={field}>
        {(control) => (
          <textarea
            {...control}
            className="input admin-textarea tabular"
            dir="ltr"
            rows={7}
            value={value.table}
            onChange={(event) => onChange({ ...value, table: event.target.value })}
          />
        )}
      </FormField>
      <label className="field">
        <span>{t('Note')}</span>
        <textarea className="input admin-textarea" dir="ltr" lang="en" rows={2} maxLength={500} value={value.note} onChange={(event) => onChange({ ...value, note: event.target.value })} />
      </label>
      <label className="field">
        <span>{t('Note in Arabic')}</span>
        <textarea className="input admin-textarea" dir="rtl" lang="ar" rows={2} maxLength={500} value={value.noteAr} onChange={(event) => onChange({ ...value, noteAr: event.target.value })} />
      </label>
    </fieldset>
  );
}

/** The draft as the contract's body takes it: null when the chart is blank. */
export function sizeGuideOf({ table, note, noteAr }: SizeGuideDraft) {
  const read = readSizeGuideText(table);
  return read ? { ...read, note, noteAr } : null;
}

export function sizeGuideDraft(guide: SizeGuide | undefined): SizeGuideDraft {
  return { table: sizeGuideText(guide), note: guide?.note ?? '', noteAr: guide?.noteAr ?? '' };
}
