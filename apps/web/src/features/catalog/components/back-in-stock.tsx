import { useState } from 'react';
import { Bell, Check } from 'lucide-react';
import { Button } from '../../../components/button.tsx';
import { openAuthModal } from '../../../lib/auth-modal-store.ts';
import { sentence, t } from '../../../lib/i18n.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { askBackInStock } from '../api/back-in-stock.ts';

interface BackInStockProps {
  productId: string;
  /** the chosen size, sold out */
  size: string;
  signedIn: boolean;
}

/**
 * Under a sold-out size: a signed-in shopper asks to be mailed once when it is back (PRODUCT section 8, decision 040)
 * and reads the shop's confirmation in its place; a visitor is offered the login first.
 */
export function BackInStock({ productId, size, signedIn }: BackInStockProps) {
  // the sizes asked about on this page, each with the shop's confirmation
  const [asked, setAsked] = useState<Record<string, string>>({});
  const [ask, asking] = useAction(async () => {
    try {
      const message = await askBackInStock(productId, size);
      setAsked((before) => ({ ...before, [size]: message }));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  const confirmation = asked[size];

  return (
    <div className="back-in-stock">
      <p className="back-in-stock__title">{t('This size is sold out.')}</p>
      {!signedIn ? (
        <button type="button" className="back-in-stock__login" onClick={() => openAuthModal('login')}>
          {t("Log in to be told when it's back")}
        </button>
      ) : confirmation ? (
        <p className="back-in-stock__done" role="status">
          <Check size={18} aria-hidden="true" /> {sentence(confirmation)}
        </p>
      ) : (
        <Button variant="secondary" block onClick={() => void ask()} busy={asking}>
          <Bell size={18} aria-hidden="true" />
          {t("Tell me when it's back")}
        </Button>
      )}
    </div>
  );
}
