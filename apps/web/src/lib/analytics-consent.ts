// The browser's note of its shopper's analytics consent (decision 062): the server adds Meta's pixel to a page only
// when it is there. Written where she gives or withdraws the consent (registration, checkout, Privacy & data); the
// consent itself is the shop's consent log, which the Conversions API asks.
import { ANALYTICS_COOKIE } from '@shop/core/constants';

export function rememberAnalyticsConsent(given: boolean): void {
  document.cookie = `${ANALYTICS_COOKIE}=${given ? '1; Max-Age=31536000' : '; Max-Age=0'}; Path=/; SameSite=Lax`;
}
