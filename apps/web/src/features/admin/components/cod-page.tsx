import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Download, Wallet } from 'lucide-react';
import { formatEgp } from '@shop/core/money';
import { formatDate } from '@shop/core/dates';
import { formatOrderNumber } from '@shop/core/order-number';
import { lastDays } from '@shop/core/report-dates';
import { Button, buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { getLang, sentence } from '../../../lib/i18n.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { downloadCodReport, useCodReport } from '../api/shipments.ts';
import { t } from '../i18n.ts';
import { AdminHeader } from './admin-header.tsx';
import { useAdminUser } from './use-admin-user.ts';

const money = (amount: number) => formatEgp(amount, getLang());

/**
 * The courier's cash (PRODUCT section 9): each parcel delivered in a range of Cairo dates, what it should have brought
 * in cash and what the courier says it collected, the totals and what is outstanding, and the same as a spreadsheet.
 */
export function CodPage() {
  useDocumentTitle(t('Courier cash'));
  const admin = useAdminUser();
  const [range, setRange] = useState(() => lastDays(30));
  const [form, setForm] = useState(range);
  const report = useCodReport(range.from, range.to);
  const [download, downloading] = useAction(async () => {
    try {
      await downloadCodReport(range.from, range.to);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRange(form);
  };
  const data = report.data;

  return (
    <>
      <AdminHeader
        title={t('Courier cash')}
        text={t('What each delivered parcel should have brought in cash, and what the courier says it collected.')}
        action={
          <Button variant="secondary" busy={downloading} onClick={() => void download()}>
            <Download size={18} aria-hidden="true" />
            {t('Export courier cash (CSV)')}
          </Button>
        }
      />
      <form className="sales-range__custom admin-filter" onSubmit={submit} aria-label={t('Custom range')}>
        <label>
          <span>{t('From')}</span>
          <input type="date" className="input" value={form.from} required onChange={(event) => setForm({ ...form, from: event.target.value })} />
        </label>
        <label>
          <span>{t('To')}</span>
          <input type="date" className="input" value={form.to} required onChange={(event) => setForm({ ...form, to: event.target.value })} />
        </label>
        <button type="submit" className={buttonClass('secondary', { small: true })}>{t('Show')}</button>
      </form>
      {report.error && !data ? (
        <EmptyState icon={<Wallet size={32} />} title={t('The courier cash could not be loaded')} text={sentence(report.error.message)} />
      ) : !data ? (
        <p className="muted" role="status">{t('Loading…')}</p>
      ) : (
        <>
          <dl className="order__totals admin-cod__totals" aria-label={t('Totals')}>
            <div><dt>{t('Expected')}</dt><dd>{money(data.totals.expected)}</dd></div>
            <div><dt>{t('Collected')}</dt><dd>{money(data.totals.collected)}</dd></div>
            <div className="order__total"><dt>{t('Outstanding')}</dt><dd>{money(data.totals.outstanding)}</dd></div>
          </dl>
          {data.shipments.length === 0 ? (
            <EmptyState icon={<Wallet size={32} />} title={t('No deliveries in this range')} text={t('Choose another range to see more.')} />
          ) : (
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t('Courier cash')}</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">{t('Tracking number')}</th>
                    <th scope="col">{t('Cash to collect')}</th>
                    <th scope="col">{t('Cash collected')}</th>
                    <th scope="col">{t('DATE')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.shipments.map((row) => (
                    <tr key={row.order}>
                      <td className="tabular admin-strong">
                        <Link to={dashboardPath(admin.username, `orders/${encodeURIComponent(row.order)}`)}>{formatOrderNumber(row.number, getLang())}</Link>
                      </td>
                      <td><bdi className="tabular" translate="no">{row.trackingNumber}</bdi></td>
                      <td className="tabular">{money(row.cod)}</td>
                      <td className="tabular">{row.codCollected === null ? '—' : money(row.codCollected)}</td>
                      <td>{row.deliveredAt ? formatDate(row.deliveredAt, getLang()) : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </>
  );
}
