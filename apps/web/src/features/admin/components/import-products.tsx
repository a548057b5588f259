// Importing products from a spreadsheet (PRODUCT section 8, "Reports and files"): the admin chooses a file, the shop
// checks it (a dry run) and shows what it would do, with every bad cell by row and column; the Import button is there
// only when the file has none, and writes every row.
import { useId, useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '../../../components/button.tsx';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { importProducts, type ImportOutcome } from '../api/import-products.ts';
import { formatNumber, plural, t } from '../i18n.ts';
import { FileButton } from './file-button.tsx';

export function ImportProducts({ id, onImported }: { id: string; onImported: () => void }) {
  const fieldId = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportOutcome | null>(null);

  const [check, checking] = useAction(async (chosen: File) => {
    setFile(chosen);
    setPreview(null);
    try {
      setPreview(await importProducts(chosen, true));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  const [write, writing] = useAction(async () => {
    if (!file) return;
    try {
      const outcome = await importProducts(file, false);
      if (outcome.errors.length > 0) {
        // the file changed, or the shop did, since it was checked: show what is wrong now
        setPreview(outcome);
        return;
      }
      notify.success(outcome.message);
      setPreview(null);
      setFile(null);
      if (input.current) input.current.value = '';
      onImported();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  const errors = preview?.errors ?? [];
  return (
    <section id={id} className="admin-card admin-import" aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`} className="admin-card__title">{t('Import products (CSV)')}</h2>
      <p className="muted">{t('A file as the export writes it. Products are matched by name: a new name adds a product, a known one updates it with its sizes and stock. The file is checked first; nothing is written until you import it.')}</p>
      <div className="field">
        <label htmlFor={fieldId}>{t('Spreadsheet file (CSV)')}</label>
        <FileButton inputRef={input} id={fieldId} accept=".csv,text/csv" disabled={checking || writing} onFile={(chosen) => void check(chosen)} />
      </div>
      <div role="status" aria-live="polite" className="admin-import__status">
        {checking ? <p className="muted">{t('Checking the file…')}</p> : null}
        {preview ? (
          <p>
            {t('{created} to add, {updated} to update.', { created: formatNumber(preview.created), updated: formatNumber(preview.updated) })}{' '}
            {errors.length > 0 ? <strong>{plural('{count} problems in the file: nothing will be imported until they are corrected.', errors.length)}</strong> : t('No problems found.')}
          </p>
        ) : null}
      </div>
      {errors.length > 0 ? (
        <div className="table-scroll admin-import__errors" tabIndex={0} role="region" aria-label={t('Problems in the file')}>
          <table className="table">
            <caption className="visually-hidden">{t('Problems in the file')}</caption>
            <thead>
              <tr>
                {/* the problem first: on a phone it is the column that must not be the one scrolled out of sight */}
                <th scope="col">{t('PROBLEM')}</th>
                <th scope="col">{t('ROW')}</th>
                <th scope="col">{t('COLUMN')}</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((error, index) => (
                <tr key={`${error.row}:${error.column}:${index}`}>
                  <td className="admin-import__problem">{error.message}</td>
                  <td>{formatNumber(error.row, { useGrouping: false })}</td>
                  <td dir="ltr">{error.column || '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {preview && errors.length === 0 && preview.created + preview.updated > 0 ? (
        <Button variant="primary" busy={writing} onClick={() => void write()}>
          <Upload size={18} aria-hidden="true" />
          {t('Import {count} products', { count: formatNumber(preview.created + preview.updated) })}
        </Button>
      ) : null}
    </section>
  );
}
