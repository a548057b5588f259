import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { TicketPercent } from 'lucide-react';
import { COUPON_KINDS, type CouponKind } from '@shop/core/constants';
import { checkForm } from '@shop/core/forms';
import { CouponBodySchema, type Coupon } from '@shop/core/contract/coupons';
import { BackLink } from '../../../components/back-link.tsx';
import { Button, buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { sentence } from '../../../lib/i18n.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { saveCoupon, useCoupons } from '../api/coupons.ts';
import { cairoInputToIso, isoToCairoInput } from '../cairo-time.ts';
import { t } from '../i18n.ts';
import { AdminHeader } from './admin-header.tsx';
import { KIND_LABELS } from './coupon-kinds.ts';
import { useAdminUser } from './use-admin-user.ts';

/** The form as typed: numbers and Cairo times stay text until the shared schema reads them. */
interface Draft {
  code: string;
  kind: CouponKind;
  value: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  active: boolean;
}
type Field = keyof Draft;

/** The refusal of total uses below the uses a code has had (shop-core's usesBelowSoFar), in English or Arabic. */
const USES_BELOW_SO_FAR = [/^Total uses cannot be fewer than/, /^لا يمكن أن يقل عدد مرات الاستخدام/];

const text = (value: number | null) => (value === null ? '' : String(value));

function draftOf(coupon: Coupon | null): Draft {
  if (!coupon) return { code: '', kind: 'percent', value: '', minSubtotal: '', startsAt: '', endsAt: '', maxUses: '', maxUsesPerCustomer: '', active: true };
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.kind === 'free-shipping' ? '' : String(coupon.value),
    minSubtotal: coupon.minSubtotal > 0 ? String(coupon.minSubtotal) : '',
    startsAt: isoToCairoInput(coupon.startsAt),
    endsAt: isoToCairoInput(coupon.endsAt),
    maxUses: text(coupon.maxUses),
    maxUsesPerCustomer: text(coupon.maxUsesPerCustomer),
    active: coupon.active,
  };
}

/** A new code (`/discount-codes/new`) or one to change (`/discount-codes/{id}`, read from the list). */
export function CouponFormPage() {
  const { couponId = 'new' } = useParams();
  const admin = useAdminUser();
  const creating = couponId === 'new';
  const coupons = useCoupons();
  const listPath = dashboardPath(admin.username, 'discount-codes');
  const back = <BackLink to={listPath}>{t('Discount codes')}</BackLink>;
  useDocumentTitle(creating ? t('New discount code') : t('Edit discount code'));

  if (creating) {
    return (
      <>
        {back}
        <CouponForm coupon={null} listPath={listPath} />
      </>
    );
  }
  const coupon = coupons.data?.find((each) => each._id === couponId);
  if (coupon) {
    return (
      <>
        {back}
        <CouponForm key={coupon._id} coupon={coupon} listPath={listPath} />
      </>
    );
  }
  if (coupons.data || coupons.error) {
    return (
      <>
        {back}
        <EmptyState
          icon={<TicketPercent size={32} />}
          title={coupons.data ? t('Discount code not found') : t('The discount codes could not be loaded')}
          text={coupons.data ? t('It may have been deleted.') : sentence(coupons.error!.message)}
          action={<Link to={listPath} className={buttonClass('secondary')}>{t('Back to discount codes')}</Link>}
        />
      </>
    );
  }
  return (
    <>
      {back}
      <p className="muted" role="status">{t('Loading…')}</p>
    </>
  );
}

function CouponForm({ coupon, listPath }: { coupon: Coupon | null; listPath: string }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => draftOf(coupon));
  const fieldErrors = useFieldErrors<Field>('coupon');
  const set = (field: Field) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const [submit, saving] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkForm(CouponBodySchema, {
      ...draft,
      // free delivery takes nothing off the subtotal
      value: draft.kind === 'free-shipping' ? 0 : draft.value,
      minSubtotal: draft.minSubtotal.trim() === '' ? 0 : draft.minSubtotal,
      startsAt: cairoInputToIso(draft.startsAt),
      endsAt: cairoInputToIso(draft.endsAt),
    });
    const body = fieldErrors.accept(check);
    if (!body) return;
    try {
      notify.success(await saveCoupon(body, coupon?._id));
      navigate(listPath);
    } catch (error) {
      // a taken code (the one conflict these calls answer, in the shop's language) is shown at the code field;
      // every refusal is toasted
      const message = errorMessage(error);
      if (error instanceof ApiError && error.status === 409) fieldErrors.show({ code: message }, 'code');
      else if (error instanceof ApiError && error.status === 400 && USES_BELOW_SO_FAR.some((pattern) => pattern.test(message))) fieldErrors.show({ maxUses: message }, 'maxUses');
      else fieldErrors.showServerMessage(message);
      notify.error(message);
    }
  });

  const valueLabel = draft.kind === 'percent' ? t('Percent off (%)') : t('Amount off (EGP)');
  return (
    <>
      <AdminHeader
        title={coupon ? t('Edit {code}', { code: coupon.code }) : t('New discount code')}
        text={t('Start and end are Cairo time. Leave a limit blank for none.')}
      />
      <form className="admin-form admin-card coupon-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving}>
        <TextField
          label={t('Code')}
          hint={t('Letters, digits and dashes; customers may type it in any case')}
          field={fieldErrors.field('code')}
          dir="ltr"
          required
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          value={draft.code}
          onValue={set('code')}
        />
        <div className="admin-form__row">
          <FormField label={t('Kind')} field={fieldErrors.field('kind')}>
            {(control) => (
              <select
                {...control}
                className="select"
                value={draft.kind}
                onChange={(event) => {
                  setDraft((current) => ({ ...current, kind: event.target.value as CouponKind }));
                  fieldErrors.clear('kind');
                  fieldErrors.clear('value');
                }}
              >
                {COUPON_KINDS.map((kind) => <option key={kind} value={kind}>{t(KIND_LABELS[kind])}</option>)}
              </select>
            )}
          </FormField>
          {draft.kind === 'free-shipping' ? null : (
            <TextField
              label={valueLabel}
              hint={draft.kind === 'percent' ? t('A whole number from 1 to 100') : undefined}
              field={fieldErrors.field('value')}
              type="number"
              inputMode={draft.kind === 'percent' ? 'numeric' : 'decimal'}
              min={draft.kind === 'percent' ? 1 : 0}
              max={draft.kind === 'percent' ? 100 : undefined}
              step={draft.kind === 'percent' ? 1 : 0.01}
              required
              value={draft.value}
              onValue={set('value')}
            />
          )}
        </div>
        <TextField
          label={t('Minimum subtotal (EGP)')}
          hint={t('Optional: the code works from this subtotal')}
          field={fieldErrors.field('minSubtotal')}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={draft.minSubtotal}
          onValue={set('minSubtotal')}
        />
        {/* a date and a time need the form's whole width: two side by side were cut ("10/31/202") */}
        <div className="admin-form__row admin-form__row--dates">
          <TextField
            label={t('Starts (Cairo time)')}
            hint={t('Optional: blank starts it at once')}
            field={fieldErrors.field('startsAt')}
            type="datetime-local"
            value={draft.startsAt}
            onValue={set('startsAt')}
          />
          <TextField
            label={t('Ends (Cairo time)')}
            hint={t('Optional: blank never ends it')}
            field={fieldErrors.field('endsAt')}
            type="datetime-local"
            value={draft.endsAt}
            onValue={set('endsAt')}
          />
        </div>
        <div className="admin-form__row">
          <TextField
            label={t('Total uses')}
            hint={t('Optional: blank for no limit')}
            field={fieldErrors.field('maxUses')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={draft.maxUses}
            onValue={set('maxUses')}
          />
          <TextField
            label={t('Uses per customer')}
            hint={t('Optional: blank for no limit')}
            field={fieldErrors.field('maxUsesPerCustomer')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={draft.maxUsesPerCustomer}
            onValue={set('maxUsesPerCustomer')}
          />
        </div>
        <label className="settings__check">
          <input type="checkbox" checked={draft.active} onChange={(event) => setDraft((current) => ({ ...current, active: event.target.checked }))} />
          {t('Active: customers can use it')}
        </label>
        <div className="admin-form__actions">
          <Link to={listPath} className={buttonClass('secondary')}>{t('Cancel')}</Link>
          <Button type="submit" busy={saving}>{coupon ? t('Save code') : t('Create code')}</Button>
        </div>
      </form>
    </>
  );
}
