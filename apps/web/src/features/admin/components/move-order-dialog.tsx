import type { RefObject } from 'react';
import { formatTotal } from '@shop/core/money';
import type { OrderStatus } from '@shop/core/order-status';
import type { Order } from '@shop/core/schemas';
import { formatDate } from '@shop/core/text';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { moveOrder } from '../api/move-order.ts';

export interface OrderMove {
  order: Order;
  to: Exclude<OrderStatus, 'accepted'>;
}

interface MoveOrderDialogProps {
  move: OrderMove | null;
  onClose: () => void;
  /** the shown list's cache key, patched at once so the row reads its new status without waiting for the reload */
  listKey?: string;
  returnFocus?: RefObject<HTMLElement | null>;
}

const WORDING = {
  shipped: { title: 'Mark this order as shipped?', confirm: 'Mark as shipped', keep: 'Not yet' },
  delivered: { title: 'Mark this order as delivered?', confirm: 'Mark as delivered', keep: 'Not yet' },
  canceled: { title: 'Cancel this order?', confirm: 'Cancel order', keep: 'Keep order' },
} as const;

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

  const wording = move ? WORDING[move.to] : WORDING.canceled;
  const order = move?.order;
  return (
    <ConfirmDialog
      open={move !== null}
      title={wording.title}
      confirmLabel={wording.confirm}
      cancelLabel={wording.keep}
      danger={move?.to === 'canceled'}
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
      returnFocus={returnFocus}
    >
      {order && move ? (
        <p>
          The order of {order.firstName} {order.secondName} from {formatDate(order.createdAt)}, {formatTotal(order.totalPrice)}
          {move.to === 'shipped' ? ', will show as shipped to the customer, who can then no longer cancel it.' : null}
          {move.to === 'delivered' ? ', will show as delivered to the customer. This is its last step.' : null}
          {move.to === 'canceled'
            ? `, will show as canceled to the customer and its pieces go back to stock.${order.wayForPayment === 'credit' ? ' The card payment is refunded.' : ''} This cannot be undone.`
            : null}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
