// The sales report (PRODUCT section 8): from one Cairo calendar date to another, both included. An order counts on the
// day it was placed, by its status now: placed (and its revenue) when not canceled, delivered when delivered, canceled
// when canceled; an order's revenue is its total (totalPrice). Lines count what their pieces sold for (unit price x
// quantity). Orders awaiting a Paymob payment, or never paid, were not placed: they count nowhere. Every figure is read
// by one statement, so in one snapshot of the database: they agree with each other. The orders of the range are read
// twice, once for the days, governorates and ways of payment, once for their lines (decision 042: each from an index
// that carries what it sums, so a range's figures never read the orders' wide rows).
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { toEgp } from '@shop/core/money';
import { PLACED_STATUSES } from '@shop/core/order-status';
import { SHOP_TIME_ZONE, datesBetween } from '@shop/core/report-dates';
import type { SalesReport } from '@shop/core/contract/reports';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { orderSales, orders, returns } from '../../db/schema.ts';

/** How many products and sizes the report names. */
export const TOP = 10;

type Row = Record<string, string | number | null>;

// sums of piastres as float8: exact for whole numbers far beyond any shop's revenue, and a JS number from both drivers
const FIGURES = sql`
  count(*) filter (where status <> 'canceled')::int as "ordersPlaced",
  count(*) filter (where status = 'delivered')::int as "ordersDelivered",
  count(*) filter (where status = 'canceled')::int as "ordersCanceled",
  coalesce(sum(total_piastres) filter (where status <> 'canceled'), 0)::float8 as "revenuePlaced",
  coalesce(sum(total_piastres) filter (where status = 'delivered'), 0)::float8 as "revenueDelivered"`;

interface Figures extends Row {
  ordersPlaced: number;
  ordersDelivered: number;
  ordersCanceled: number;
  revenuePlaced: number;
  revenueDelivered: number;
}

const inEgp = (figures: Figures) => ({
  ordersPlaced: figures.ordersPlaced,
  ordersDelivered: figures.ordersDelivered,
  ordersCanceled: figures.ordersCanceled,
  revenuePlaced: toEgp(figures.revenuePlaced),
  revenueDelivered: toEgp(figures.revenueDelivered),
});

const NONE: Figures = { ordersPlaced: 0, ordersDelivered: 0, ordersCanceled: 0, revenuePlaced: 0, revenueDelivered: 0 };

type Ranked = { kind: 'product' | 'size'; key: string; quantity: number; revenue: number };
type Named = { product: string; name: string | null; nameAr: string | null };
type Group = Figures & { kind: 'date' | 'governorate' | 'way'; key: string };

export async function salesReport(db: Db, from: string, to: string): Promise<SalesReport> {
  // Cairo's midnights as instants (the day after `to` excluded), so the orders' created_at index serves the range
  const inRange = sql`${orders.createdAt} >= (${from}::date)::timestamp at time zone ${SHOP_TIME_ZONE}
    and ${orders.createdAt} < (${to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}`;
  const placedIn = sql`${inRange} and ${orders.status} in (${sql.join(PLACED_STATUSES.map((status) => sql`${status}`), sql`, `)})`;
  // the Cairo date as a date: written YYYY-MM-DD once per day, not once per order (3 ms of 7 at 4,000 orders)
  const day = sql`(${orders.createdAt} at time zone ${SHOP_TIME_ZONE})::date`;
  // the lines of the orders not canceled, from order_sales (kept by the triggers of migration 0015: one narrow row per
  // line, read from its created_at index alone)
  const salesIn = sql`${orderSales.createdAt} >= (${from}::date)::timestamp at time zone ${SHOP_TIME_ZONE}
    and ${orderSales.createdAt} < (${to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE} and ${orderSales.status} in ('accepted', 'shipped', 'delivered')`;
  // the TOP of each (most pieces, then most revenue, then by key: the same order on every call); two top-N reads of the
  // index, each a hash aggregate and a top-10 sort, cheaper than ranking every group
  const topOf = (kind: 'product' | 'size', column: SQL) => sql`select ${kind} as kind, ${column} as key, sum(quantity)::int as quantity,
      sum(quantity * unit_piastres)::float8 as revenue
    from ${orderSales} where ${salesIn} group by ${column} order by 3 desc, 4 desc, 2 limit ${TOP}`;
  // One statement, so one snapshot and one round trip (decision 042): the orders once, by day, governorate and way of
  // payment (grouping sets); the unpaid ones; their lines' top products and sizes; the top products' names as their
  // latest order in the range has them.
  // returns (decision 065): counted on the Cairo day their pieces were received, refunds on the day the money went back
  const between = (column: SQL | AnyColumn) => sql`${column} >= (${from}::date)::timestamp at time zone ${SHOP_TIME_ZONE}
    and ${column} < (${to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}`;
  const [report] = await queryRows<{
    groups: Group[] | null; unpaid: { awaitingPayment: number; paymentFailed: number }; ranked: Ranked[] | null; names: Named[] | null;
    returned: { returns: number; refunded: number };
  }>(
    db,
    sql`with top_products as (${topOf('product', sql`product`)})
    select
      (select json_agg(g) from (
        select case when grouping(day) = 0 then 'date' when grouping(governorate) = 0 then 'governorate' else 'way' end as kind,
          coalesce(to_char(day, 'YYYY-MM-DD'), governorate, way) as key, ${FIGURES}
        from (select ${day} as day, ${orders.governorate} as governorate, ${orders.wayForPayment} as way, status, total_piastres
              from ${orders} where ${placedIn}) placed
        group by grouping sets ((day), (governorate), (way))) g) as groups,
      (select json_build_object('awaitingPayment', count(*) filter (where status = 'awaiting-payment'), 'paymentFailed', count(*) filter (where status = 'payment-failed'))
        from ${orders} where ${inRange} and ${orders.status} in ('awaiting-payment', 'payment-failed')) as unpaid,
      (select json_build_object('returns', count(*) filter (where ${between(returns.receivedAt)}),
          'refunded', coalesce(sum(${returns.refundPiastres}) filter (where ${returns.refundStatus} = 'refunded' and ${between(returns.refundedAt)}), 0)::float8)
        from ${returns} where ${between(returns.receivedAt)} or ${between(returns.refundedAt)}) as returned,
      (select json_agg(r order by r.kind, r.quantity desc, r.revenue desc, r.key) from (select * from top_products union all (${topOf('size', sql`size`)})) r) as ranked,
      (select json_agg(n) from (select distinct on (product) product, name, name_ar as "nameAr" from ${orderSales}
        where ${salesIn} and product in (select key from top_products) order by product, created_at desc) n) as names`,
  );
  const groups = report?.groups ?? [];
  const ranked = report?.ranked ?? [];
  const nameOf = new Map((report?.names ?? []).map((row) => [row.product, row]));
  const lines = ranked.map((row) => ({ ...row, name: nameOf.get(row.key)?.name ?? null, nameAr: nameOf.get(row.key)?.nameAr ?? null }));
  const of = <K extends string>(kind: K) => groups.filter((row) => row.kind === kind);
  const byDate = new Map(of('date').map((row) => [row.key, row]));
  const totals = of('date').reduce<Figures>(
    (sum, row) => ({
      ordersPlaced: sum.ordersPlaced + row.ordersPlaced,
      ordersDelivered: sum.ordersDelivered + row.ordersDelivered,
      ordersCanceled: sum.ordersCanceled + row.ordersCanceled,
      revenuePlaced: sum.revenuePlaced + row.revenuePlaced,
      revenueDelivered: sum.revenueDelivered + row.revenueDelivered,
    }),
    NONE,
  );
  // governorates and ways count the orders not canceled, and their totals; the busiest first
  const sales = (kind: 'governorate' | 'way') =>
    of(kind)
      .filter((row) => row.ordersPlaced > 0)
      .sort((a, b) => b.revenuePlaced - a.revenuePlaced || b.ordersPlaced - a.ordersPlaced || a.key.localeCompare(b.key))
      .map((row) => ({ key: row.key, orders: row.ordersPlaced, revenue: toEgp(row.revenuePlaced) }));
  const refunded = report?.returned.refunded ?? 0;
  return {
    from,
    to,
    // every day of the range, the quiet ones too, so the chart's days are evenly spaced
    days: datesBetween(from, to).map((date) => ({ date, ...inEgp(byDate.get(date) ?? NONE) })),
    totals: {
      ...inEgp(totals),
      averageOrder: totals.ordersPlaced === 0 ? 0 : toEgp(Math.round(totals.revenuePlaced / totals.ordersPlaced)),
    },
    topProducts: lines.filter((row) => row.kind === 'product').map(({ key, name, nameAr, quantity, revenue }) => ({
      product: key,
      name: name ?? '',
      ...(nameAr ? { nameAr } : {}),
      quantity,
      revenue: toEgp(revenue),
    })),
    topSizes: lines.filter((row) => row.kind === 'size').map(({ key, quantity }) => ({ size: key, quantity })),
    byGovernorate: sales('governorate').map(({ key, ...row }) => ({ governorate: key, ...row })),
    byPayment: sales('way').map(({ key, ...row }) => ({ way: key, ...row })),
    unpaid: report?.unpaid ?? { awaitingPayment: 0, paymentFailed: 0 },
    returns: report?.returned.returns ?? 0,
    refunded: toEgp(refunded),
    revenueNet: toEgp(totals.revenuePlaced - refunded),
  };
}
