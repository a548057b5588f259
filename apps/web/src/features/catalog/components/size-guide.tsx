import { useId, useState } from 'react';
import { Ruler, X } from 'lucide-react';
import type { SizeGuide as Guide } from '@shop/core/schemas';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { getLang, t } from '../../../lib/i18n.ts';
import './size-guide.css';

/**
 * The category's size chart, opened from the product page in a modal dialog (the browser's <dialog>: the focus stays
 * inside, Escape closes it, the focus goes back to the button). A table with its headers, in cm.
 */
export function SizeGuide({ guide, category }: { guide: Guide; category: string }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const note = (getLang() === 'ar' && guide.noteAr) || guide.note;
  return (
    <>
      <button type="button" className="size-guide__open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Ruler size={16} aria-hidden="true" />
        {t('Size guide')}
      </button>
      <ModalDialog open={open} onClose={() => setOpen(false)} className="dialog-card size-guide" labelledBy={titleId}>
        {open ? (
          <>
            <div className="size-guide__head">
              <h2 id={titleId} className="size-guide__title">{t('Size guide')}</h2>
              <form method="dialog">
                <button type="submit" className="icon-btn" aria-label={t('Close')} autoFocus>
                  <X size={20} aria-hidden="true" />
                </button>
              </form>
            </div>
            <div className="size-guide__scroll" tabIndex={0} role="region" aria-label={t('{category}: measurements in cm', { category })}>
              <table className="size-guide__table">
                <caption className="visually-hidden">{t('{category}: measurements in cm', { category })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('Size')}</th>
                    {guide.columns.map((column) => <th key={column} scope="col">{t('{measurement} (cm)', { measurement: column })}</th>)}
                  </tr>
                </thead>
                <tbody>
                  {guide.rows.map((row) => (
                    <tr key={row.size}>
                      <th scope="row">{row.size}</th>
                      {row.values.map((value, at) => <td key={guide.columns[at] ?? at}>{value}</td>)}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {note ? <p className="size-guide__note">{note}</p> : null}
          </>
        ) : null}
      </ModalDialog>
    </>
  );
}
