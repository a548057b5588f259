import type { RefObject } from 'react';
import { MESSAGES } from '@shop/core/messages';
import { formatTotal } from '@shop/core/money';
import type { Order } from '@shop/core/schemas';
import { formatDate } from '@shop/core/text';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { cancelOrder } from '../api/cancel-order.ts';

interface CancelOrderDialogProps {
  order: Order | null;
  onClose: () => void;
  /** the shown list's cache key, patched at once so the row reads 'canceled' without waiting for the reload */
  listKey?: string;
  returnFocus?: RefObject<HTMLElement | null>;
}

export function CancelOrderDialog({ order, onClose, listKey, returnFocus }: CancelOrderDialogProps) {
  const [confirm, busy] = useAction(async () => {
    if (!order) return;
    try {
      await cancelOrder(order._id, listKey);
      notify.success(MESSAGES.orderCanceled);
      onClose();
    } catch (error) {
      notify.error(errorMessage(error));
      onClose();
    }
  });

  return (
    <ConfirmDialog
      open={order !== null}
      title="Cancel this order?"
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      danger
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
      returnFocus={returnFocus}
    >
      {order ? (
        <p>
          The order of {order.firstName} {order.secondName} from {formatDate(order.createdAt)}, {formatTotal(order.totalPrice)}, will
          show as canceled to the customer. This cannot be undone.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
