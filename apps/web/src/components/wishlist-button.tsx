import { Heart } from 'lucide-react';
import { FIRST_SCREEN_MESSAGES } from '@shop/core/first-screen-messages';
import type { Product } from '@shop/core/contract/catalog';
import { ignoreWhen } from './button.tsx';
import { useSession } from '../lib/session.ts';
import { errorMessage, notify } from '../lib/toasts.ts';
import { useAction } from '../lib/use-action.ts';
import { toggleWishlist, useWishlist } from '../lib/wishlist.ts';
import './wishlist-button.css';
import { localName, t } from '../lib/i18n.ts';

interface WishlistButtonProps {
  product: Pick<Product, '_id' | 'name'>;
  variant?: 'overlay' | 'outline';
}

/** The heart: filled when the product is in the wishlist. Admins never see it. */
export function WishlistButton({ product, variant = 'overlay' }: WishlistButtonProps) {
  const user = useSession();
  const wishlist = useWishlist();
  const inWishlist = wishlist.data?.some((item) => item._id === product._id) ?? false;
  const [toggle, pending] = useAction(async () => {
    if (!user) {
      notify.warning(FIRST_SCREEN_MESSAGES.pleaseLogIn);
      return;
    }
    try {
      const message = await toggleWishlist(product._id);
      if (message) notify.success(message);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  if (user?.isAdmin) return null;
  const label = t(inWishlist ? 'Remove {name} from wishlist' : 'Add {name} to wishlist', { name: localName(product) });
  return (
    <button
      type="button"
      className={`wishlist-btn wishlist-btn--${variant}${inWishlist ? ' wishlist-btn--on' : ''}`}
      onClick={ignoreWhen(pending, () => void toggle())}
      aria-pressed={inWishlist}
      aria-label={label}
      title={inWishlist ? t('Remove from wishlist') : t('Add To Wishlist')}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
    >
      <Heart size={20} aria-hidden="true" fill={inWishlist ? 'currentColor' : 'none'} />
    </button>
  );
}
