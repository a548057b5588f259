import { useState } from 'react';
import { Link } from 'react-router';
import { PhoneCall } from 'lucide-react';
import type { CallOutcome, Order } from '@shop/core/contract/orders';
import { formatEgp } from '@shop/core/money';
import { formatDate } from '@shop/core/dates';
import { formatOrderNumber } from '@shop/core/order-number';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import '../../../components/form-field.css';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { getLang, sentence } from '../../../lib/i18n.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { logCall, useConfirmationQueue } from '../api/confirmations.ts';
import { formatNumber, t, type AdminText } from '../i18n.ts';
import { AdminHeader } from './admin-header.tsx';
import { useAdminUser } from './use-admin-user.ts';
import './confirmations.css';

const OUTCOME_WORDS: Record<CallOutcome, AdminText> = { confirmed: 'Confirmed', declined: 'Declined', 'no-answer': 'No answer' };
const TRY_WORDS: Record<string, AdminText> = { confirmed: 'Confirmed', declined: 'Declined', 'no-answer': 'No answer', sent: 'Message sent' };
const CHANNEL_WORDS: Record<string, AdminText> = { call: 'Call', link: 'Email link', whatsapp: 'WhatsApp message' };

/**
 * The confirmation queue (PRODUCT section 9): cash orders waiting for their shopper's yes, oldest first. Each shows what
 * its phone number did at this shop before (a number that refused parcels is called with care), the tries so far,
 * and one click per outcome of a call, with a note. Every control is a native button or field: the keyboard works it.
 */
export function ConfirmationsPage() {
  useDocumentTitle(t('Confirm orders'));
  const queue = useConfirmationQueue();

  return (
    <>
      <AdminHeader title={t('Confirm orders')} text={t('Cash orders waiting for the shopper’s confirmation, oldest first. Call, then log what she said.')} />
      {queue.error && !queue.data ? <p role="alert">{t('Orders could not be loaded')}</p> : null}
      {!queue.data && !queue.error ? <div className="skeleton" aria-busy="true" aria-label={t('Loading orders…')} /> : null}
      {queue.data && queue.data.items.length === 0 ? (
        <EmptyState icon={<PhoneCall size={32} />} title={t('No orders to confirm')} text={t('Every cash order is answered. New ones wait here.')} />
      ) : null}
      {queue.data && queue.data.items.length > 0 ? (
        <>
          <ol className="confirm-queue">
            {queue.data.items.map((order) => <QueuedOrder key={order._id} order={order} />)}
          </ol>
        </>
      ) : null}
    </>
  );
}

function QueuedOrder({ order }: { order: Order }) {
  const admin = useAdminUser();
  const [note, setNote] = useState('');
  const number = formatOrderNumber(order.number, getLang());
  const noteId = `confirm-note-${order._id}`;
  const history = order.customerHistory;
  const [answer, busy] = useAction(async (outcome: CallOutcome) => {
    try {
      notify.success(sentence(await logCall(order._id, outcome, note)));
      setNote('');
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <li className="confirm-queue__order" aria-labelledby={`confirm-title-${order._id}`}>
      <h2 className="confirm-queue__title" id={`confirm-title-${order._id}`}>
        <Link to={dashboardPath(admin.username, `orders/${order._id}`)} className="tabular">{t('Order {number}', { number })}</Link>
        <span className="muted"> · {formatDate(order.createdAt, getLang())}</span>
      </h2>
      <p>
        <bdi>{order.firstName} {order.secondName}</bdi> · <a href={`tel:${order.phoneNumber.replace(/[^\d+]/g, '')}`} dir="ltr">{order.phoneNumber}</a> ·{' '}
        <span className="tabular">{formatEgp(order.totalPrice, getLang())}</span> · <bdi>{order.city}</bdi>
      </p>
      {history ? (
        <p className={history.refused > 0 || history.canceled > 0 ? 'confirm-queue__history confirm-queue__history--warn' : 'confirm-queue__history'}>
          {t('This number before: {delivered} delivered, {refused} refused, {canceled} canceled', {
            delivered: formatNumber(history.delivered),
            refused: formatNumber(history.refused),
            canceled: formatNumber(history.canceled),
          })}
        </p>
      ) : null}
      {order.confirmation && order.confirmation.attempts.length > 0 ? (
        <ul className="confirm-queue__tries" aria-label={t('Tries so far')}>
          {order.confirmation.attempts.map((attempt, index) => (
            <li key={index}>
              {t(CHANNEL_WORDS[attempt.channel] ?? 'Call')} · {t(TRY_WORDS[attempt.outcome] ?? 'No answer')} · {formatDate(attempt.at, getLang())} · <bdi>{attempt.by}</bdi>
              {attempt.note ? <> · <bdi>{attempt.note}</bdi></> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('No tries yet')}</p>
      )}
      <div className="form-field">
        <label htmlFor={noteId}>{t('Note (optional)')}</label>
        <textarea id={noteId} className="input" rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      <div className="confirm-queue__actions" role="group" aria-label={t('What the call came to')}>
        {(['confirmed', 'declined', 'no-answer'] as const).map((outcome) => (
          <Button key={outcome} variant={outcome === 'confirmed' ? 'primary' : outcome === 'declined' ? 'danger' : 'secondary'} small disabled={busy} onClick={() => void answer(outcome)}>
            {t(OUTCOME_WORDS[outcome])}
          </Button>
        ))}
      </div>
    </li>
  );
}
