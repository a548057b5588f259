import { CreditCard } from 'lucide-react';
import { Button } from '../../../components/button.tsx';

/**
 * PLACEHOLDER for card payments (the payments issue owns this component).
 * No card is charged here: the Pay button stays disabled until the real provider is wired in.
 */
export function CardPayment() {
  return (
    <div className="card-payment" data-placeholder="card-payments">
      <div className="card-payment__note" role="note">
        <CreditCard size={20} aria-hidden="true" />
        <p>
          <strong>Card payments are coming soon.</strong> For now, please choose Cash and pay when your order arrives.
        </p>
      </div>
      <Button variant="primary" block disabled aria-describedby="card-payment-status">Pay</Button>
      <p id="card-payment-status" className="visually-hidden">Card payments are not available yet.</p>
    </div>
  );
}
