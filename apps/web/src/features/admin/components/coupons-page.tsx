import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Plus, TicketPercent } from 'lucide-react';
import { formatEgp } from '@shop/core/money';
import type { Coupon } from '@shop/core/contract/coupons';
import { couponStatus } from '@shop/core/coupon-status';
import { formatDate, formatDateTime } from '@shop/core/dates';
import { buttonClass } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { getLang, sentence } from '../../../lib/i18n.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { couponBody, deleteCoupon, saveCoupon, useCoupons } from '../api/coupons.ts';
import { formatNumber, t } from '../i18n.ts';
import { AdminHeader } from './admin-header.tsx';
import { KIND_LABELS } from './coupon-kinds.ts';
import { useAdminUser } from './use-admin-user.ts';
import './coupons.css';

/** What a code takes off, as the list says it: "10%", "EGP 50", or "Free delivery". */
function valueOf(coupon: Coupon): string {
  if (coupon.kind === 'percent') return getLang() === 'ar' ? `${formatNumber(coupon.value)}٪` : `${coupon.value}%`;
  if (coupon.kind === 'fixed') return formatEgp(coupon.value, getLang());
  return '–';
}

const when = (iso: string | null) => (iso ? formatDateTime(iso, getLang()) : '–');
/** Where a code stands, from its dates and its switch: "Ended", "Starts November 30, 2026", "Paused" or "Active". */
function statusOf(coupon: Coupon): { text: string; on: boolean } {
  const status = couponStatus(coupon);
  if (status === 'ended') return { text: t('Ended'), on: false };
  if (status === 'scheduled') return { text: t('Scheduled: starts {date}', { date: formatDate(coupon.startsAt!, getLang()) }), on: false };
  return status === 'paused' ? { text: t('Paused'), on: false } : { text: t('Active'), on: true };
}

const limit = (count: number | null) => (count === null ? t('No limit') : formatNumber(count));

/** Every discount code with its terms and how it has done: uses and the revenue of its delivered orders. */
export function CouponsPage() {
  useDocumentTitle(t('Discount codes'));
  const admin = useAdminUser();
  const coupons = useCoupons();
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const newPath = dashboardPath(admin.username, 'discount-codes/new');

  const [toggle, toggling] = useAction(async (coupon: Coupon) => {
    try {
      await saveCoupon({ ...couponBody(coupon), active: !coupon.active }, coupon._id);
      notify.success(coupon.active ? t('{code} is paused', { code: coupon.code }) : t('{code} is active again', { code: coupon.code }));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  const [remove, removing] = useAction(async () => {
    if (!deleting) return;
    try {
      notify.success(await deleteCoupon(deleting._id));
      setDeleting(null);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  const list = coupons.data;
  return (
    <>
      <AdminHeader
        title={t('Discount codes')}
        text={t('Codes customers type at checkout. Times are Cairo time.')}
        action={
          <Link to={newPath} className={buttonClass('primary')}>
            <Plus size={18} aria-hidden="true" />
            {t('New code')}
          </Link>
        }
      />
      {coupons.error && !list ? (
        <EmptyState
          icon={<TicketPercent size={32} />}
          title={t('The discount codes could not be loaded')}
          text={sentence(coupons.error.message)}
          action={<button type="button" className={buttonClass('secondary')} onClick={() => void coupons.refetch()}>{t('Try again')}</button>}
        />
      ) : !list ? (
        <p className="muted" role="status">{t('Loading…')}</p>
      ) : list.length === 0 ? (
        <EmptyState
          icon={<TicketPercent size={32} />}
          title={t('No discount codes yet')}
          text={t('Create one for a launch, an influencer or a returning customer.')}
          action={<Link to={newPath} className={buttonClass('primary')}>{t('New code')}</Link>}
        />
      ) : (
        <div className="table-scroll table-scroll--cards admin-table" role="region" aria-label={t('Discount codes')} tabIndex={0}>
          <table className="table table--cards coupons">
            <thead>
              <tr>
                <th scope="col">{t('CODE')}</th>
                <th scope="col">{t('KIND')}</th>
                <th scope="col">{t('VALUE')}</th>
                <th scope="col">{t('MINIMUM')}</th>
                <th scope="col">{t('STARTS')}</th>
                <th scope="col">{t('ENDS')}</th>
                <th scope="col">{t('USES')}</th>
                <th scope="col">{t('PER CUSTOMER')}</th>
                <th scope="col">{t('DELIVERED REVENUE')}</th>
                <th scope="col">{t('STATUS')}</th>
                <th scope="col"><span className="visually-hidden">{t('Actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {list.map((coupon) => {
                const status = statusOf(coupon);
                return (
                  <tr key={coupon._id} className={status.on ? undefined : 'coupons__paused'}>
                    <td className="table__card-title"><bdi className="admin-strong coupons__code">{coupon.code}</bdi></td>
                    <td data-label={t('KIND')}>{t(KIND_LABELS[coupon.kind])}</td>
                    <td className="tabular" data-label={t('VALUE')}>{valueOf(coupon)}</td>
                    <td className="tabular" data-label={t('MINIMUM')}>{coupon.minSubtotal > 0 ? formatEgp(coupon.minSubtotal, getLang()) : '–'}</td>
                    <td data-label={t('STARTS')}>{when(coupon.startsAt)}</td>
                    <td data-label={t('ENDS')}>{when(coupon.endsAt)}</td>
                    <td className="tabular" data-label={t('USES')}>{formatNumber(coupon.uses)} / {limit(coupon.maxUses)}</td>
                    <td className="tabular" data-label={t('PER CUSTOMER')}>{limit(coupon.maxUsesPerCustomer)}</td>
                    <td className="tabular" data-label={t('DELIVERED REVENUE')}>{formatEgp(coupon.deliveredRevenue, getLang())}</td>
                    <td data-label={t('STATUS')}>
                      <span className={`coupons__status coupons__status--${status.on ? 'on' : 'off'}`}>{status.text}</span>
                    </td>
                    <td className="table__card-actions">
                      <div className="admin-actions">
                        <Link
                          to={dashboardPath(admin.username, `discount-codes/${encodeURIComponent(coupon._id)}`)}
                          className={buttonClass('secondary', { small: true })}
                          aria-label={t('Edit {code}', { code: coupon.code })}
                        >
                          {t('Edit')}
                        </Link>
                        <button
                          type="button"
                          className={buttonClass('secondary', { small: true })}
                          aria-label={coupon.active ? t('Pause {code}', { code: coupon.code }) : t('Resume {code}', { code: coupon.code })}
                          aria-disabled={toggling || undefined}
                          onClick={() => void toggle(coupon)}
                        >
                          {coupon.active ? t('Pause') : t('Resume')}
                        </button>
                        <button
                          type="button"
                          className={buttonClass('danger', { small: true })}
                          aria-label={t('Delete {code}', { code: coupon.code })}
                          onClick={(event) => {
                            trigger.current = event.currentTarget;
                            setDeleting(coupon);
                          }}
                        >
                          {t('Delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('Delete the code {code}?', { code: deleting?.code ?? '' })}
        confirmLabel={t('Delete')}
        cancelLabel={t('Keep the code')}
        danger
        busy={removing}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
        returnFocus={trigger}
      >
        <p>{t('Customers can no longer use it. Orders that used it keep it and their discount.')}</p>
      </ConfirmDialog>
    </>
  );
}
