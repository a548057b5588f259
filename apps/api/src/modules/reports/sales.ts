// The sales report (PRODUCT section 8): from one Cairo calendar date to another, both included. An order counts on the
// day it was placed, by its status now: placed (and its revenue) when not canceled, delivered when delivered, canceled
// when canceled; an order's revenue is its total (totalPrice). Lines count what their pieces sold for (unit price x
// quantity). Every figure is read in one snapshot of the database, so they agree with each other.
import { sql, type SQL } from 'drizzle-orm';
import { toEgp } from '@shop/core/money';
import { ORDER_STATUSES } from '@shop/core/order-status';
import { SHOP_TIME_ZONE, datesBetween } from '@shop/core/report-dates';
import type { SalesReport } from '@shop/core/schemas';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

/** How many products and sizes the report names. */
export const TOP = 10;

type Row = Record<string, string | number | null>;

async function rowsOf<T extends Row>(db: Db, query: SQL): Promise<T[]> {
  // both drivers answer raw statements with their rows in `rows`
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

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

export async function salesReport(db: Db, from: string, to: string): Promise<SalesReport> {
  // Cairo's midnights as instants (the day after `to` excluded), so the orders' created_at index serves the range
  const placedIn = sql`${orders.createdAt} >= (${from}::date)::timestamp at time zone ${SHOP_TIME_ZONE}
    and ${orders.createdAt} < (${to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}
    and ${orders.status} in (${sql.join(ORDER_STATUSES.map((status) => sql`${status}`), sql`, `)})`;
  const day = sql`to_char(${orders.createdAt} at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD')`;
  const line = sql`jsonb_array_elements(${orders.lines})`;

  return db.transaction(
    async (tx) => {
      const read = <T extends Row>(query: SQL) => rowsOf<T>(tx as unknown as Db, query);
      const days = await read<Figures & { date: string }>(sql`select ${day} as date, ${FIGURES} from ${orders} where ${placedIn} group by 1`);
      const products = await read<{ product: string; name: string; nameAr: string | null; quantity: number; revenue: number }>(sql`
        select line->'product'->>'_id' as product,
          (array_agg(line->'product'->>'name' order by ${orders.createdAt} desc))[1] as name,
          (array_agg(line->'product'->>'nameAr' order by ${orders.createdAt} desc))[1] as "nameAr",
          sum((line->>'quantity')::int)::int as quantity,
          sum((line->>'quantity')::int * (line->>'unitPiastres')::bigint)::float8 as revenue
        from ${orders}, ${line} as line
        where ${placedIn} and ${orders.status} <> 'canceled'
        group by 1 order by quantity desc, revenue desc, name limit ${TOP}`);
      const sizes = await read<{ size: string; quantity: number }>(sql`
        select line->>'size' as size, sum((line->>'quantity')::int)::int as quantity
        from ${orders}, ${line} as line
        where ${placedIn} and ${orders.status} <> 'canceled'
        group by 1 order by quantity desc, size limit ${TOP}`);
      const governorates = await read<{ governorate: string; orders: number; revenue: number }>(sql`
        select ${orders.governorate} as governorate, count(*)::int as orders, sum(${orders.totalPiastres})::float8 as revenue
        from ${orders} where ${placedIn} and ${orders.status} <> 'canceled'
        group by 1 order by revenue desc, orders desc, governorate`);
      const ways = await read<{ way: string; orders: number; revenue: number }>(sql`
        select ${orders.wayForPayment} as way, count(*)::int as orders, sum(${orders.totalPiastres})::float8 as revenue
        from ${orders} where ${placedIn} and ${orders.status} <> 'canceled'
        group by 1 order by revenue desc, orders desc, way`);

      const byDate = new Map(days.map((row) => [row.date, row]));
      const totals = days.reduce<Figures>(
        (sum, row) => ({
          ordersPlaced: sum.ordersPlaced + row.ordersPlaced,
          ordersDelivered: sum.ordersDelivered + row.ordersDelivered,
          ordersCanceled: sum.ordersCanceled + row.ordersCanceled,
          revenuePlaced: sum.revenuePlaced + row.revenuePlaced,
          revenueDelivered: sum.revenueDelivered + row.revenueDelivered,
        }),
        NONE,
      );
      return {
        from,
        to,
        // every day of the range, the quiet ones too, so the chart's days are evenly spaced
        days: datesBetween(from, to).map((date) => ({ date, ...inEgp(byDate.get(date) ?? NONE) })),
        totals: {
          ...inEgp(totals),
          averageOrder: totals.ordersPlaced === 0 ? 0 : toEgp(Math.round(totals.revenuePlaced / totals.ordersPlaced)),
        },
        topProducts: products.map(({ nameAr, revenue, ...product }) => ({ ...product, ...(nameAr ? { nameAr } : {}), revenue: toEgp(revenue) })),
        topSizes: sizes,
        byGovernorate: governorates.map((row) => ({ ...row, revenue: toEgp(row.revenue) })),
        byPayment: ways.map((row) => ({ ...row, revenue: toEgp(row.revenue) })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
