import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChartNoAxesColumn, Download } from 'lucide-react';
import { ONE_SIZE } from '@shop/core/constants';
import { formatEgp } from '@shop/core/money';
import { cairoDate, lastDays } from '@shop/core/report-dates';
import type { SalesReport } from '@shop/core/contract/reports';
import { Button, buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { getLang, governorateName, localName, sentence } from '../../../lib/i18n.ts';
import { productPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { downloadSpreadsheet } from '../api/download-spreadsheet.ts';
import { useSalesReport } from '../api/get-sales.ts';
import { formatNumber, t } from '../i18n.ts';
import { AdminHeader } from './admin-header.tsx';
import { LowStock } from './low-stock.tsx';
import { SalesChart } from './sales-chart.tsx';
import { formatDay } from './report-format.ts';

const RANGES = [
  ['today', 'Today', 1],
  ['7', '7 days', 7],
  ['30', '30 days', 30],
] as const;

/** The range the address names: today, the last 7 or 30 days (Cairo time), or two dates of the admin's own. */
function rangeOf(params: URLSearchParams): { choice: string; from: string; to: string } {
  const choice = params.get('range') ?? '30';
  const from = params.get('from');
  const to = params.get('to');
  if (choice === 'custom' && from && to) return { choice, from, to };
  const preset = RANGES.find(([key]) => key === choice) ?? RANGES[2];
  return { choice: preset[0], ...lastDays(preset[2]) };
}

/** The dashboard's first page for an admin: what sold in a range, at a glance. */
export function SalesPage() {
  useDocumentTitle(t('Sales'));
  const [params, setParams] = useSearchParams();
  const { choice, from, to } = rangeOf(params);
  const report = useSalesReport(from, to);
  const [exportOrders, exporting] = useAction(async () => {
    try {
      await downloadSpreadsheet('exportOrders', { from, to }, `orders-${from}-to-${to}.csv`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <>
      <AdminHeader
        title={t('Sales')}
        text={t('Orders count on the day they were placed, in Cairo time, by their status now.')}
        action={
          <Button variant="secondary" busy={exporting} onClick={() => void exportOrders()}>
            <Download size={18} aria-hidden="true" />
            {t('Export orders (CSV)')}
          </Button>
        }
      />
      <RangePicker
        choice={choice}
        from={from}
        to={to}
        choose={(next) => setParams(next.choice === 'custom' ? { range: 'custom', from: next.from, to: next.to } : { range: next.choice }, { replace: true })}
      />
      {report.error && !report.data ? (
        <EmptyState
          icon={<ChartNoAxesColumn size={32} />}
          title={t('The sales could not be loaded')}
          text={sentence(report.error.message)}
          action={<button type="button" className={buttonClass('secondary')} onClick={() => void report.refetch()}>{t('Try again')}</button>}
        />
      ) : report.data ? (
        <Report report={report.data} busy={report.isLoading} />
      ) : (
        <p className="muted" role="status">{t('Loading the sales…')}</p>
      )}
      <LowStock />
    </>
  );
}

function RangePicker({ choice, from, to, choose }: { choice: string; from: string; to: string; choose: (next: { choice: string; from: string; to: string }) => void }) {
  const [custom, setCustom] = useState({ from, to });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    choose({ choice: 'custom', ...custom });
  };
  return (
    <div className="sales-range">
      <div className="sales-range__presets" role="group" aria-label={t('Range')}>
        {RANGES.map(([key, label]) => (
          <button
            key={key}
            type="button"
            className={buttonClass(choice === key ? 'primary' : 'secondary', { small: true })}
            aria-pressed={choice === key}
            onClick={() => choose({ choice: key, from, to })}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <form className="sales-range__custom" onSubmit={submit} aria-label={t('Custom range')}>
        <label>
          <span>{t('From')}</span>
          <input type="date" className="input" value={custom.from} max={cairoDate()} required onChange={(event) => setCustom({ ...custom, from: event.target.value })} />
        </label>
        <label>
          <span>{t('To')}</span>
          <input type="date" className="input" value={custom.to} required onChange={(event) => setCustom({ ...custom, to: event.target.value })} />
        </label>
        <button type="submit" className={buttonClass(choice === 'custom' ? 'primary' : 'secondary', { small: true })}>{t('Show')}</button>
      </form>
    </div>
  );
}

function Report({ report, busy }: { report: SalesReport; busy: boolean }) {
  const lang = getLang();
  const money = (amount: number) => formatEgp(amount, lang);
  const { totals } = report;
  const figures: [Parameters<typeof t>[0], string][] = [
    ['Orders placed', formatNumber(totals.ordersPlaced)],
    ['Revenue placed', money(totals.revenuePlaced)],
    ['Delivered', formatNumber(totals.ordersDelivered)],
    ['Revenue delivered', money(totals.revenueDelivered)],
    ['Canceled', formatNumber(totals.ordersCanceled)],
    ['Average order', money(totals.averageOrder)],
    // written before a Paymob payment: not placed, so in none of the figures above
    ['Awaiting payment', formatNumber(report.unpaid.awaitingPayment)],
    ['Payment failed', formatNumber(report.unpaid.paymentFailed)],
  ];

  return (
    <div className="sales" aria-busy={busy}>
      <p className="muted sales__range" role="status">{t('From {from} to {to}', { from: formatDay(report.from), to: formatDay(report.to) })}</p>
      <dl className="sales-totals">
        {figures.map(([label, value]) => (
          <div key={label} className="sales-totals__item">
            <dt>{t(label)}</dt>
            <dd className="tabular">{value}</dd>
          </div>
        ))}
      </dl>

      <section className="admin-card sales__block">
        <h2 id="sales-by-day" className="admin-card__title">{t('Revenue by day')}</h2>
        <SalesChart report={report} />
        <details className="sales__days">
          <summary>{t('Every day as a table')}</summary>
          <Table
            label={t('Revenue by day')}
            head={[t('DATE'), t('Orders placed'), t('Delivered'), t('Canceled'), t('Revenue placed'), t('Revenue delivered')]}
            rows={report.days.map((day) => [
              formatDay(day.date), formatNumber(day.ordersPlaced), formatNumber(day.ordersDelivered), formatNumber(day.ordersCanceled),
              money(day.revenuePlaced), money(day.revenueDelivered),
            ])}
          />
        </details>
      </section>

      <div className="sales__grid">
        <section className="admin-card sales__block">
          <h2 id="sales-products" className="admin-card__title">{t('Top products')}</h2>
          <Table
            label={t('Top products')}
            head={[t('PRODUCT'), t('Pieces'), t('Revenue')]}
            rows={report.topProducts.map((item) => [
              <Link key={item.product} className="admin-link" to={`${productPath(item.name)}/update`} dir="auto">{localName(item)}</Link>,
              formatNumber(item.quantity), money(item.revenue),
            ])}
          />
        </section>
        <section className="admin-card sales__block">
          <h2 id="sales-sizes" className="admin-card__title">{t('Top sizes')}</h2>
          <Table label={t('Top sizes')} head={[t('SIZE'), t('Pieces')]} rows={report.topSizes.map((item) => [item.size === ONE_SIZE ? t('One size') : item.size, formatNumber(item.quantity)])} />
        </section>
        <section className="admin-card sales__block">
          <h2 id="sales-governorates" className="admin-card__title">{t('By governorate')}</h2>
          <Table
            label={t('By governorate')}
            head={[t('Governorate'), t('Orders'), t('Revenue')]}
            rows={report.byGovernorate.map((item) => [governorateName(item.governorate), formatNumber(item.orders), money(item.revenue)])}
          />
        </section>
        <section className="admin-card sales__block">
          <h2 id="sales-payment" className="admin-card__title">{t('By payment')}</h2>
          <Table
            label={t('By payment')}
            head={[t('PAYMENT'), t('Orders'), t('Revenue')]}
            rows={report.byPayment.map((item) => [t(item.way === 'credit' ? 'Card' : 'Cash on delivery'), formatNumber(item.orders), money(item.revenue)])}
          />
        </section>
      </div>
    </div>
  );
}

/** A small table of figures; the first column names the row, the others are numbers. */
function Table({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  if (rows.length === 0) return <p className="muted">{t('Nothing in this range.')}</p>;
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="table sales-table">
        <thead>
          <tr>
            {head.map((cell, index) => (
              <th key={index} scope="col">{cell}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) =>
                column === 0 ? <th key={column} scope="row">{cell}</th> : <td key={column} className="tabular">{cell}</td>,
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
