// Orders: placing, reading, moving and canceling them, for customers, guests and staff.
import { z } from 'zod';
import { LoginAnswerSchema } from '../contract/accounts.ts';
import { IdSchema } from '../contract/fields.ts';
import { CheckoutAnswerSchema, CheckoutBodySchema, PayOrderBodySchema, ConfirmationBodySchema, ShopperConfirmBodySchema, GuestAccountBodySchema, GuestOrderBodySchema, NewOrderBodySchema, OrderListQuerySchema, OrderSchema, OrderStatusBodySchema } from '../contract/orders.ts';
import { routes } from '../routes.ts';
import { endpoint, IdParams, UserIdParams, withMessage } from './endpoint.ts';

export const ordersEndpoints = {
  placeOrder: endpoint(routes.placeOrder, {
    summary: "Place an order for the caller's cart (honours Idempotency-Key)",
    body: NewOrderBodySchema,
    status: 201,
    answer: withMessage(OrderSchema),
    errors: [402, 409, 429],
  }),
  guestOrder: endpoint(routes.guestOrder, {
    summary: "A guest's order from the lines of the browser's cart, paid in cash on delivery; answers its `guestToken` once (and mails the order's link)",
    body: GuestOrderBodySchema,
    status: 201,
    answer: withMessage(OrderSchema).extend({ guestToken: z.string() }),
    errors: [400, 409, 429],
  }),
  checkout: endpoint(routes.checkout, {
    summary:
      "Write an order awaiting its payment through Paymob (a customer's cart with a token, or a guest's `lines`), holding its pieces, and open Paymob's payment for its total; pay with `clientSecret` in Paymob's embedded checkout or at `checkoutUrl` (honours Idempotency-Key: a retry answers the same order)",
    body: CheckoutBodySchema,
    status: 201,
    answer: CheckoutAnswerSchema,
    errors: [400, 401, 404, 409, 429, 503],
  }),
  payOrder: endpoint(routes.payOrder, {
    summary:
      "Finish paying an order awaiting its Paymob payment (its customer with a token, or a guest with its token in `X-Order-Token`): without `method`, or with the order's own way, the payment already opened again (`checkoutUrl`); with another way, a new payment for the order's total by it, payable until the order's hold ends (its hold is not lengthened)",
    params: IdParams,
    body: PayOrderBodySchema,
    status: 200,
    answer: CheckoutAnswerSchema.omit({ guestToken: true }),
    errors: [400, 401, 404, 409, 429, 503],
  }),
  getGuestOrder: endpoint(routes.getGuestOrder, {
    summary: "A guest's order, read with its token in the `X-Order-Token` header",
    params: IdParams,
    status: 200,
    answer: OrderSchema,
    errors: [404, 429],
  }),
  claimGuestOrder: endpoint(routes.claimGuestOrder, {
    summary: "Make an account from a guest's order (its token in `X-Order-Token`, a password): the account owns the order and is signed in",
    params: IdParams,
    body: GuestAccountBodySchema,
    status: 201,
    answer: LoginAnswerSchema.extend({ message: z.string() }),
    errors: [404, 409, 429],
  }),
  listOrders: endpoint(routes.listOrders, {
    summary: 'Every order (or those in one status, or the one whose number `search` names: "1001", "#1001"), newest first',
    query: OrderListQuerySchema,
    status: 200,
    answer: z.array(OrderSchema),
    counted: true,
    errors: [400],
  }),
  getOrder: endpoint(routes.getOrder, {
    summary: "One order (its customer's, or for the shop's staff and admins)",
    params: z.object({ orderId: IdSchema }),
    status: 200,
    answer: OrderSchema,
    errors: [403, 404],
  }),
  userOrders: endpoint(routes.userOrders, {
    summary: "A customer's orders, newest first (that customer or an admin)",
    params: UserIdParams,
    status: 200,
    answer: z.array(OrderSchema),
    errors: [403, 404],
  }),
  cancelOrder: endpoint(routes.cancelOrder, {
    summary:
      "Cancel an order (an admin or staff: any accepted or shipped one; a customer: their own while accepted); refunds a paid card. Answers the desk the first page of all orders, a customer their own orders",
    params: IdParams,
    status: 200,
    answer: z.array(OrderSchema),
    counted: true,
    errors: [403, 404, 409, 429],
  }),
  moveOrder: endpoint(routes.moveOrder, {
    summary: 'Move an order to its next status (shipped, delivered or canceled); 409 names a move that is not allowed',
    params: IdParams,
    body: OrderStatusBodySchema,
    status: 200,
    answer: withMessage(OrderSchema),
    errors: [404, 409],
  }),
  logConfirmation: endpoint(routes.logConfirmation, {
    summary:
      "Log a call confirming a cash order (PRODUCT section 9): `confirmed` confirms it, `declined` cancels it (its stock back), `no-answer` is recorded; 409 when its confirmation is no longer pending",
    params: IdParams,
    body: ConfirmationBodySchema,
    status: 200,
    answer: withMessage(OrderSchema),
    errors: [404, 409],
  }),
  confirmOrder: endpoint(routes.confirmOrder, {
    summary:
      "The shopper's answer from the link in her order's mail (`token` from the link): `confirm` confirms the cash order, `cancel` cancels it as her own cancel; 404 for a token not this order's, 409 once it is answered",
    params: IdParams,
    body: ShopperConfirmBodySchema,
    status: 200,
    answer: withMessage(OrderSchema),
    errors: [404, 409, 429],
  }),
  getConfirmOrder: endpoint(routes.getConfirmOrder, {
    summary: "The order the confirmation link names, read with the link's token in the `X-Confirm-Token` header (the page that asks Confirm or Cancel)",
    params: IdParams,
    status: 200,
    answer: OrderSchema,
    errors: [404, 429],
  }),
};
