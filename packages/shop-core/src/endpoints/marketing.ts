// Where shoppers are (PRODUCT section 9): the Marketing screen's status.
import { MarketingStatusSchema } from '../contract/marketing.ts';
import { routes } from '../routes.ts';
import { endpoint } from './endpoint.ts';

export const marketingEndpoints = {
  marketingStatus: endpoint(routes.marketingStatus, {
    summary: "The product feeds' addresses, whether Meta's pixel and Conversions API are configured, and the cart reminders sent and carts that came back",
    status: 200,
    answer: MarketingStatusSchema,
    errors: [],
  }),
};
