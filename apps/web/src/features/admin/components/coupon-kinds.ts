import type { CouponKind } from '@shop/core/constants';
import type { UiText } from '../../../lib/i18n.ts';
import type { AdminText } from '../i18n.ts';

/** The kinds of discount code as the dashboard names them. */
export const KIND_LABELS = { percent: 'Percent off', fixed: 'Amount off', 'free-shipping': 'Free delivery' } as const satisfies Record<CouponKind, AdminText | UiText>;
// "Free delivery" is the storefront's own text (the admin catalogs repeat none of it)
