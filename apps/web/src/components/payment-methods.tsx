import { t } from '../lib/i18n.ts';
/** The ways a shopper can pay, drawn as simple marks (no brand artwork copied). */
export function PaymentMethods() {
  return (
    <svg width="208" height="32" viewBox="0 0 208 32" role="img" aria-label={t('We accept Visa, Mastercard and cash on delivery')}>
      <g>
        <rect x="0.5" y="0.5" width="63" height="31" rx="5" fill="#fff" stroke="#d6d0c8" />
        <text x="32" y="21.5" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="15" fontWeight="700" fontStyle="italic" fill="#1a1f71" letterSpacing="0.5">VISA</text>
      </g>
      <g transform="translate(72 0)">
        <rect x="0.5" y="0.5" width="63" height="31" rx="5" fill="#fff" stroke="#d6d0c8" />
        <circle cx="26" cy="16" r="9" fill="#eb001b" />
        <circle cx="38" cy="16" r="9" fill="#f79e1b" fillOpacity="0.9" />
      </g>
      <g transform="translate(144 0)">
        <rect x="0.5" y="0.5" width="63" height="31" rx="5" fill="#fff" stroke="#d6d0c8" />
        <rect x="10" y="9" width="24" height="14" rx="2" fill="#e7f1ea" stroke="#23613a" strokeWidth="1.5" />
        <circle cx="22" cy="16" r="3.2" fill="none" stroke="#23613a" strokeWidth="1.5" />
        <text x="38" y="20" fontFamily="Arial, Helvetica, sans-serif" fontSize="10" fontWeight="700" fill="#23613a">COD</text>
      </g>
    </svg>
  );
}
