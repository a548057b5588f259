import { useId } from 'react';
import { X } from 'lucide-react';
import type { SizeGuide } from '@shop/core/contract/catalog';
import { measurementName } from '@shop/core/measurement-names';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { digits, getLang, t } from '../../../lib/i18n.ts';

/**
 * The category's size chart in a modal dialog (the browser's <dialog>: the focus stays inside, Escape closes it, the
 * focus goes back to the button). A table with its headers, in cm, the measurements' names, the figures and the note in
 * the page's language; on a phone too narrow for every measurement, the table says it scrolls (ScrollRegion).
 */
export function SizeGuideDialog({ guide, category, open, onClose }: { guide: SizeGuide; category: string; open: boolean; onClose: () => void }) {
  const titleId = useId();
  const note = (getLang() === 'ar' && guide.noteAr) || guide.note;
  const caption = t('{category}: measurements in cm', { category });
  return (
    <ModalDialog open={open} onClose={onClose} className="dialog-card size-guide" labelledBy={titleId}>
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
          <ScrollRegion label={caption}>
            <table className="size-guide__table">
              <caption className="visually-hidden">{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('Size')}</th>
                  {guide.columns.map((column) => <th key={column} scope="col">{t('{measurement} (cm)', { measurement: measurementName(column, getLang()) })}</th>)}
                </tr>
              </thead>
              <tbody>
                {guide.rows.map((row) => (
                  <tr key={row.size}>
                    <th scope="row">{digits(row.size)}</th>
                    {row.values.map((value, at) => <td key={guide.columns[at] ?? at}>{digits(value)}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {note ? <p className="size-guide__note">{note}</p> : null}
        </>
      ) : null}
    </ModalDialog>
  );
}
