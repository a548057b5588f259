import type { CouponKind } from '@shop/core/constants';
import type { AdminText } from '../i18n.ts';

/** The kinds of discount code as the dashboard names them. */
export const KIND_LABELS = { percent: 'Percent off', fixed: 'Amount off', 'free-shipping': 'Free delivery' } as const satisfies Record<CouponKind, AdminText>;
