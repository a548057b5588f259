// The cash the courier collects (PRODUCT section 9): each shipment delivered in a range of Cairo dates, what it should
// have collected (its cod: the total of a cash order) and what the courier reported collecting, with the totals; what
// the courier reported short is outstanding. Read from the delivered shipments' partial index (shipments_delivered_at_idx),
// so a month costs the month's deliveries, however many orders the shop has.
import { sql } from 'drizzle-orm';
import { toEgp } from '@shop/core/money';
import { SHOP_TIME_ZONE } from '@shop/core/report-dates';
import type { CodReport, ShipmentState } from '@shop/core/contract/shipping';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { csvOf } from '../exports/csv.ts';

interface Row {
  order: string;
  number: string | number;
  tracking_number: string | null;
  cod_piastres: string | number;
  cod_collected_piastres: string | number | null;
  state: ShipmentState;
  delivered_at: Date | string | null;
}

export async function codReport(db: Db, from: string, to: string): Promise<CodReport> {
  const rows = await queryRows<Row>(
    db,
    sql`select o.id as "order", o.number, s.tracking_number, s.cod_piastres, s.cod_collected_piastres, s.state, s.delivered_at
        from shipments s join orders o on o.id = s.order_id
        where s.delivered_at is not null
          and s.delivered_at >= (${from}::date)::timestamp at time zone ${SHOP_TIME_ZONE}
          and s.delivered_at < (${to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}
        order by s.delivered_at, o.number`,
  );
  let expected = 0;
  let collected = 0;
  const shipments = rows.map((row) => {
    const cod = Number(row.cod_piastres);
    const got = row.cod_collected_piastres === null ? null : Number(row.cod_collected_piastres);
    expected += cod;
    collected += got ?? 0;
    return {
      order: row.order,
      number: Number(row.number),
      trackingNumber: row.tracking_number,
      cod: toEgp(cod),
      codCollected: got === null ? null : toEgp(got),
      state: row.state,
      deliveredAt: row.delivered_at === null ? null : new Date(row.delivered_at).toISOString(),
    };
  });
  return { shipments, totals: { expected: toEgp(expected), collected: toEgp(collected), outstanding: toEgp(expected - collected) } };
}

/** The report as a spreadsheet: a row per shipment, then the totals. */
export function codCsv(report: CodReport): string {
  const rows = report.shipments.map((row) => [`#${row.number}`, row.trackingNumber, row.cod, row.codCollected, row.state, row.deliveredAt]);
  const { expected, collected, outstanding } = report.totals;
  return csvOf(['order', 'trackingNumber', 'cod', 'codCollected', 'state', 'deliveredAt'], [...rows, ['expected', null, expected, null, null, null], ['collected', null, collected, null, null, null], ['outstanding', null, outstanding, null, null, null]]);
}
