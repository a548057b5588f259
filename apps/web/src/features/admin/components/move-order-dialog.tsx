import type { RefObject } from 'react';
import { formatEgp } from '@shop/core/money';
import type { PlacedStatus } from '@shop/core/order-status';
import type { Order } from '@shop/core/contract/orders';
import { formatDate } from '@shop/core/dates';
import { formatOrderNumber } from '@shop/core/order-number';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { getLang } from '../../../lib/i18n.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { moveOrder } from '../api/move-order.ts';
import { t } from '../i18n.ts';

export interface OrderMove {
  order: Order;
  to: Exclude<PlacedStatus, 'accepted'>;
}

interface MoveOrderDialogProps {
  move: OrderMove | null;
  onClose: () => void;
  /** the shown list's cache key, patched at once so the row reads its new status without waiting for the reload */
  listKey?: string;
  returnFocus?: RefObject<HTMLElement | null>;
}

/** Each move's question and answers; `confirm` is also the order page's button for the move. */
export const MOVE_WORDING = {
  shipped: { title: 'Mark this order as shipped?', confirm: 'Mark as shipped', keep: 'Not yet' },
  delivered: { title: 'Mark this order as delivered?', confirm: 'Mark as delivered', keep: 'Not yet' },
  canceled: { title: 'Cancel this order?', confirm: 'Cancel order', keep: 'Keep order' },
} as const;

/** What the move does, in one sentence about the order (whole sentences, so Arabic can order its words). */
function consequence(order: Order, to: OrderMove['to']): string {
  const lang = getLang();
  const values = {
    number: formatOrderNumber(order.number, lang),
    name: `${order.firstName} ${order.secondName}`,
    date: formatDate(order.createdAt, lang),
    total: formatEgp(order.totalPrice, lang),
  };
  if (to === 'shipped') return t('Order {number} of {name}, from {date}, {total}, will show as shipped to the customer, who can then no longer cancel it.', values);
  if (to === 'delivered') return t('Order {number} of {name}, from {date}, {total}, will show as delivered to the customer. This is its last step.', values);
  return [
    t('Order {number} of {name}, from {date}, {total}, will show as canceled to the customer and its pieces go back to stock.', values),
    ...(order.wayForPayment === 'credit' ? [t('The card payment is refunded.')] : []),
    t('This cannot be undone.'),
  ].join(' ');
}

/** The admin's confirm step before an order moves on (shipped, delivered) or is canceled. */
export function MoveOrderDialog({ move, onClose, listKey, returnFocus }: MoveOrderDialogProps) {
  const [confirm, busy] = useAction(async () => {
    if (!move) return;
    try {
      notify.success(await moveOrder(move.order._id, move.to, listKey));
    } catch (error) {
      notify.error(errorMessage(error));
    }
    onClose();
  });

  const wording = move ? MOVE_WORDING[move.to] : MOVE_WORDING.canceled;
  return (
    <ConfirmDialog
      open={move !== null}
      title={t(wording.title)}
      confirmLabel={t(wording.confirm)}
      cancelLabel={t(wording.keep)}
      danger={move?.to === 'canceled'}
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
      returnFocus={returnFocus}
    >
      {move ? <p>{consequence(move.order, move.to)}</p> : null}
    </ConfirmDialog>
  );
}
