import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, ArrowRight, History } from 'lucide-react';
import { AUDIT_ENTITIES, GOVERNORATES, ONE_SIZE, type AuditEntity, type CouponKind } from '@shop/core/constants';
import { formatEgp } from '@shop/core/money';
import type { AuditEntry } from '@shop/core/contract/reports';
import type { ShippingRate } from '@shop/core/contract/delivery';
import { STATUS_LABELS, type OrderStatus } from '@shop/core/order-status';
import { formatDateTime } from '@shop/core/dates';
import { formatOrderNumber } from '@shop/core/order-number';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { getLang, governorateName, sentence, type UiText } from '../../../lib/i18n.ts';
import { dashboardPath, productPath } from '../../../lib/paths.ts';
import { useAudit } from '../api/get-audit.ts';
import { formatNumber, t, type AdminText } from '../i18n.ts';
import { AdminHeader } from './admin-header.tsx';
import { AdminList } from './admin-list.tsx';
import { KIND_LABELS } from './coupon-kinds.ts';
import { useAdminUser } from './use-admin-user.ts';
import { useListParams } from './use-list-params.ts';

type Text = AdminText | UiText;

const ENTITY_LABELS = {
  order: 'Orders', product: 'Products', category: 'Categories', settings: 'Settings', user: 'Users', coupon: 'Discount codes', shipping: 'Delivery',
  review: 'Reviews', job: 'Failed jobs',
} as const satisfies Record<AuditEntity, Text>;

const ACTION_LABELS: Record<string, Text> = {
  'order:move': 'Moved an order',
  'product:create': 'Added a product',
  'product:update': 'Changed a product',
  'product:delete': 'Deleted a product',
  'category:create': 'Added a category',
  'category:delete': 'Deleted a category',
  'settings:update': 'Changed the settings',
  'user:role': 'Changed a role',
  'coupon:create': 'Added a discount code',
  'coupon:update': 'Changed a discount code',
  'coupon:delete': 'Deleted a discount code',
  'shipping:update': 'Changed the delivery prices',
  'review:delete': 'Removed a review',
  'job:retry': 'Tried a failed job again',
};

const FIELD_LABELS: Record<string, Text> = {
  status: 'Status', price: 'Price', disCountPrecent: 'Discount', sizes: 'Sizes and stock', name: 'Name', nameAr: 'Name in Arabic',
  description: 'Description', descriptionAr: 'Description in Arabic', category: 'Category', gender: 'Gender', images: 'Images', role: 'Role',
  title: 'Name', titleAr: 'Name in Arabic',
  // a discount code's terms
  code: 'Code', kind: 'Kind', value: 'Value', minSubtotal: 'Minimum subtotal (EGP)', startsAt: 'Starts (Cairo time)', endsAt: 'Ends (Cairo time)',
  maxUses: 'Total uses', maxUsesPerCustomer: 'Uses per customer', active: 'Active',
  // a failed job tried again
  attempts: 'Tries', lastError: 'Last error',
};

const isGovernorate = (field: string) => (GOVERNORATES as readonly string[]).includes(field);

/** The fields of a change the list shows: the delivery table's are its governorates, by name in the shop's language. */
function fieldsOf(entry: AuditEntry): { field: string; label: string }[] {
  return Object.keys(entry.after ?? entry.before ?? {})
    .filter((field) => (entry.entity === 'shipping' ? isGovernorate(field) : field in FIELD_LABELS))
    .map((field) => ({ field, label: entry.entity === 'shipping' ? governorateName(field) : t(FIELD_LABELS[field]!) }));
}

/** A governorate's delivery in a line: "EGP 85, cash fee EGP 15, 2–5 days · free over EGP 2,000". */
function rateShown(rate: ShippingRate): string {
  const lang = getLang();
  const parts = [t('{fee}, cash fee {codFee}, {min}–{max} days', { fee: formatEgp(rate.fee, lang), codFee: formatEgp(rate.codFee, lang), min: formatNumber(rate.minDays), max: formatNumber(rate.maxDays) })];
  if (rate.freeOver !== null) parts.push(t('free over {amount}', { amount: formatEgp(rate.freeOver, lang) }));
  if (!rate.enabled) parts.push(t('not delivered'));
  return parts.join(' · ');
}

/** An order's status in words; Paymob's two are the web's texts (shop-core's sentences have no Arabic for them). */
function statusShown(value: string): string {
  if (value === 'awaiting-payment') return t('Awaiting payment');
  if (value === 'payment-failed') return t('Payment failed');
  return sentence(STATUS_LABELS[value as OrderStatus] ?? value);
}

const ROLE_LABELS: Record<string, Text> = { customer: 'Customer', staff: 'Staff', admin: 'Admin' };

/** A field's value as a short text: a status or role in words, sizes as "M 5 · L 2", long texts cut. */
function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (field === 'status' && typeof value === 'string') return statusShown(value);
  if (field === 'role' && typeof value === 'string') return t(ROLE_LABELS[value] ?? 'Customer');
  if (field === 'sizes' && Array.isArray(value)) {
    return (value as { size: string; stock: number | null }[])
      .map(({ size, stock }) => `${size === ONE_SIZE ? t('One size') : size} ${stock === null ? t('Not tracked') : formatNumber(stock)}`)
      .join(' · ');
  }
  if (field === 'images' && Array.isArray(value)) return formatNumber(value.length);
  if (isGovernorate(field) && typeof value === 'object') return rateShown(value as ShippingRate);
  if (field === 'kind' && typeof value === 'string' && value in KIND_LABELS) return t(KIND_LABELS[value as CouponKind]);
  if (field === 'active' && typeof value === 'boolean') return value ? t('Active') : t('Paused');
  if ((field === 'startsAt' || field === 'endsAt') && typeof value === 'string') return formatDateTime(value, getLang());
  if (typeof value === 'number') return formatNumber(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** What the row is about, linking to it where it still can be opened. */
function Subject({ entry, admin }: { entry: AuditEntry; admin: string }) {
  const state = entry.after ?? entry.before ?? {};
  const name = (['name', 'title', 'username', 'code'] as const).map((key) => state[key]).find((value): value is string => typeof value === 'string') ?? null;
  if (entry.entity === 'order') {
    const number = entry.orderNumber === undefined ? null : formatOrderNumber(entry.orderNumber, getLang());
    return <Link className="admin-link" to={dashboardPath(admin, `orders/${entry.entityId}`)}>{number ? t('Order {number}', { number }) : t('An order')}</Link>;
  }
  if (entry.entity === 'product' && name && entry.after) return <Link className="admin-link" to={`${productPath(name)}/update`}>{name}</Link>;
  return name ? <span>{name}</span> : null;
}

/** Who changed what from the dashboard (the admin's): each change with its changed fields before and after. */
export function ActivityPage() {
  useDocumentTitle(t('Activity'));
  const admin = useAdminUser();
  const { page, hrefFor } = useListParams();
  const [params, setParams] = useSearchParams();
  const entity = AUDIT_ENTITIES.find((each) => each === params.get('entity')) ?? null;
  const audit = useAudit(page, entity);
  // from before to after, the way the line reads
  const Arrow = getLang() === 'ar' ? ArrowLeft : ArrowRight;

  return (
    <>
      <AdminHeader title={t('Activity')} text={t('Every change made from the dashboard, newest first: who made it, and what it changed.')} />
      <div className="admin-filter">
        <label htmlFor="entity-filter">{t('Show')}</label>
        <select
          id="entity-filter"
          className="select"
          value={entity ?? ''}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            next.delete('page');
            if (event.target.value) next.set('entity', event.target.value);
            else next.delete('entity');
            setParams(next);
          }}
        >
          <option value="">{t('All changes')}</option>
          {AUDIT_ENTITIES.map((each) => (
            <option key={each} value={each}>{t(ENTITY_LABELS[each])}</option>
          ))}
        </select>
      </div>
      <AdminList
        label={t('Activity')}
        loading="Loading the activity…"
        failed="The activity could not be loaded"
        result={audit}
        page={page}
        hrefFor={(next) => hrefFor(next)}
        count="{count} changes"
        columns={4}
        head={
          <tr>
            <th scope="col">{t('WHEN')}</th>
            <th scope="col">{t('WHO')}</th>
            <th scope="col">{t('WHAT')}</th>
            <th scope="col">{t('CHANGES')}</th>
          </tr>
        }
        renderRow={(entry) => {
          const fields = fieldsOf(entry);
          return (
            <tr key={entry._id}>
              <td className="table__card-title">
                <time dateTime={entry.at}>{formatDateTime(entry.at, getLang())}</time>
              </td>
              <td data-label={t('WHO')}><bdi className="admin-strong">{entry.actor.username}</bdi></td>
              <td data-label={t('WHAT')} className="admin-table__wrap">
                <span className="admin-sub">{t(ACTION_LABELS[`${entry.entity}:${entry.action}`] ?? 'Changed the settings')}</span>
                <Subject entry={entry} admin={admin.username} />
              </td>
              <td data-label={t('CHANGES')} className="admin-table__wrap">
                <ul className="audit-changes">
                  {(entry.before && entry.after ? fields : []).map(({ field, label }) => (
                    <li key={field}>
                      <span className="muted">{label}: </span>
                      <bdi>{shown(field, entry.before![field])}</bdi>
                      <Arrow size={14} aria-hidden="true" className="audit-changes__arrow" />
                      <span className="visually-hidden"> {t('changed to')} </span>
                      <bdi>{shown(field, entry.after![field])}</bdi>
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          );
        }}
        empty={{ icon: <History size={32} />, title: t('No changes yet'), text: t('Changes made from the dashboard will be listed here.') }}
      />
    </>
  );
}
