import type { SalesReport } from '@shop/core/contract/reports';
import { formatEgp } from '@shop/core/money';
import { getLang } from '../../../lib/i18n.ts';
import { t } from '../i18n.ts';
import { formatDay } from './report-format.ts';

const WIDTH = 600;
const HEIGHT = 160;

/**
 * Revenue by day as bars (placed, and the delivered part of it darker): a small SVG, no chart library. Screen readers
 * hear its summary, and every day's figures are in the table below it.
 */
export function SalesChart({ report }: { report: SalesReport }) {
  const lang = getLang();
  const { days } = report;
  const highest = Math.max(0, ...days.map((day) => day.revenuePlaced));
  const best = days.find((day) => day.revenuePlaced === highest);
  const slot = WIDTH / Math.max(1, days.length);
  const bar = Math.max(1, slot * 0.7);
  const scale = (value: number) => (highest === 0 ? 0 : (value / highest) * (HEIGHT - 4));
  const summary =
    highest === 0
      ? t('No sales from {from} to {to}.', { from: formatDay(report.from), to: formatDay(report.to) })
      : t('Revenue by day from {from} to {to}; the best day was {day}, with {amount}.', {
          from: formatDay(report.from),
          to: formatDay(report.to),
          day: formatDay(best!.date),
          amount: formatEgp(best!.revenuePlaced, lang),
        });

  return (
    <figure className="sales-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary} className="sales-chart__plot">
        <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="sales-chart__axis" />
        {days.map((day, index) => {
          const x = index * slot + (slot - bar) / 2;
          const placed = scale(day.revenuePlaced);
          const delivered = scale(day.revenueDelivered);
          return (
            <g key={day.date}>
              <rect x={x} y={HEIGHT - placed} width={bar} height={placed} className="sales-chart__placed" />
              <rect x={x} y={HEIGHT - delivered} width={bar} height={delivered} className="sales-chart__delivered" />
            </g>
          );
        })}
      </svg>
      <figcaption className="sales-chart__caption">
        <span>{formatDay(report.from)}</span>
        <span className="sales-chart__legend">
          <span className="sales-chart__key sales-chart__key--placed" aria-hidden="true" />
          {t('Placed')}
          <span className="sales-chart__key sales-chart__key--delivered" aria-hidden="true" />
          {t('Delivered')}
        </span>
        <span>{formatDay(report.to)}</span>
      </figcaption>
    </figure>
  );
}
