import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import type { FailedJob } from '@shop/core/contract/jobs';
import { formatDate } from '@shop/core/dates';
import { formatOrderNumber } from '@shop/core/order-number';
import { buttonClass } from '../../../components/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { getLang } from '../../../lib/i18n.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { retryJob, useFailedJobs } from '../api/failed-jobs.ts';
import { plural, t, type AdminText } from '../i18n.ts';
import { AdminHeader } from './admin-header.tsx';
import { AdminList } from './admin-list.tsx';
import { jobFailure } from '../job-errors.ts';
import { useAdminUser } from './use-admin-user.ts';

/** What a job was for, in the admin's words. */
const JOB_WORDS: Record<FailedJob['task'], AdminText> = {
  'order-mail': 'Order mail',
  // a password reset link, or the note to the address an account's email left
  'account-mail': 'Account mail',
  refund: 'Refund to a card',
  'back-in-stock-mail': 'Back-in-stock mail',
  // an unpaid Paymob order released once its hold is over
  'payment-hold': 'Payment hold',
  // a second Paymob payment for an order another one already paid, given back
  'paymob-extra-payment': 'Second payment given back',
  // the nightly drop of checkouts' keys older than a week
  'prune-keys': 'Old checkout keys dropped',
  // an order's Purchase for Meta's Conversions API (PRODUCT section 9)
  'meta-purchase': 'Purchase sent to Meta',
  // the look for carts left behind (every five minutes), and one reminder's mail
  'cart-reminders': 'Carts left behind looked for',
  'cart-reminder': 'Cart reminder mail',
  // a cash order left unconfirmed past the brand's hours, canceled
  'confirmation-deadline': 'Unconfirmed order canceled',
  // a cash order's shopper asked to confirm it by WhatsApp
  'whatsapp-confirmation': 'WhatsApp confirmation message',
  // the courier asked about shipments not yet final, so a lost webhook is caught
  'courier-poll': 'Courier asked about shipments',
  // a received return's share given back to the card or wallet (decision 065)
  'return-refund': "Return's refund to a card or wallet",
  // a return's shopper told of a step (decision 065)
  'return-mail': 'Return mail',
};
const MAIL_NEWS: Record<string, AdminText> = {
  placed: 'order placed',
  shipped: 'order shipped',
  delivered: 'order delivered',
  canceled: 'order canceled',
  refunded: 'money refunded',
};

/**
 * The jobs of the queue that used up their tries (decision 026): a mail the mail server kept refusing, a refund the
 * card processor kept refusing. Once the cause is fixed, each is tried again from here.
 */
export function JobsPage() {
  useDocumentTitle(t('Failed jobs'));
  const admin = useAdminUser();
  const jobs = useFailedJobs();
  const [retry, retrying] = useAction(async (jobId: string) => {
    try {
      notify.success(await retryJob(jobId));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <>
      <AdminHeader
        title={t('Failed jobs')}
        text={t('Mail and refunds that were tried again and again without success. Fix the cause (the mail server, the card processor), then try them again.')}
      />
      <AdminList
        label={t('Failed jobs')}
        loading="Loading failed jobs…"
        failed="Failed jobs could not be loaded"
        result={jobs}
        page={1}
        pageSize={Math.max(1, jobs.data?.total ?? 1)}
        hrefFor={() => dashboardPath(admin.username, 'jobs')}
        count="{count} failed jobs"
        columns={5}
        head={
          <tr>
            <th scope="col">{t('JOB')}</th>
            <th scope="col">{t('ORDER')}</th>
            <th scope="col">{t('WHY')}</th>
            <th scope="col">{t('FAILED ON')}</th>
            <th scope="col"><span className="visually-hidden">{t('Action')}</span></th>
          </tr>
        }
        renderRow={(job) => (
          <tr key={job._id}>
            <td className="table__card-title">
              <span>
                <span className="admin-strong">{t(JOB_WORDS[job.task])}</span>
                {job.event && MAIL_NEWS[job.event] ? <span className="muted"> · {t(MAIL_NEWS[job.event]!)}</span> : null}
              </span>
            </td>
            <td data-label={t('ORDER')}>
              {job.orderId ? (
                <Link to={dashboardPath(admin.username, `orders/${job.orderId}`)} className="tabular">
                  {job.orderNumber === undefined ? t('An order') : formatOrderNumber(job.orderNumber, getLang())}
                </Link>
              ) : (
                <span className="muted">{t('No order')}</span>
              )}
            </td>
            <td data-label={t('WHY')} className="admin-job__error">
              {t(jobFailure(job))}
              <span className="muted admin-job__attempts"> · {plural('{count} attempts', job.attempts)}</span>
              {/* the error as it was thrown, for whoever fixes the cause */}
              <details className="admin-job__details">
                <summary>{t('Details')}</summary>
                <code dir="ltr">{job.lastError}</code>
              </details>
            </td>
            <td data-label={t('FAILED ON')}>{formatDate(job.failedAt, getLang())}</td>
            <td>
              <button type="button" className={buttonClass('secondary')} disabled={retrying} onClick={() => void retry(job._id)}>
                {t('Try again')}
              </button>
            </td>
          </tr>
        )}
        empty={{ icon: <MailCheck size={32} />, title: t('No failed jobs'), text: t('Every mail and refund went through. Any that keep failing will wait here.') }}
      />
    </>
  );
}
