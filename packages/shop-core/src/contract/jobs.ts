// The job queue's failed jobs (decision 026).
// Unknown fields are stripped; each schema is used by the route that validates it, the form that builds it and the tests.
import { z } from 'zod';

/** A job of the queue that used up its tries (decision 026): an order's mail or a refund, for the admin to try again. */
export const JOB_TASKS = ['order-mail', 'account-mail', 'refund', 'back-in-stock-mail', 'payment-hold', 'paymob-extra-payment', 'prune-keys', 'meta-purchase', 'cart-reminders', 'cart-reminder', 'confirmation-deadline', 'whatsapp-confirmation', 'courier-poll', 'return-refund', 'return-mail'] as const;
export const FailedJobSchema = z.object({
  _id: z.string(),
  task: z.enum(JOB_TASKS),
  orderId: z.string().optional(),
  /** that order's number, as people name it ("#1001") */
  orderNumber: z.number().int().optional(),
  paymentId: z.string().optional(),
  /** a back-in-stock mail's ask (decision 040) */
  requestId: z.string().optional(),
  /** an order mail's news: placed, shipped, delivered, canceled, refunded */
  event: z.string().optional(),
  attempts: z.number(),
  lastError: z.string(),
  createdAt: z.string(),
  failedAt: z.string(),
});
export type FailedJob = z.infer<typeof FailedJobSchema>;
