import { useEffect, useState } from 'react';
import { ArrowUp } from 'lucide-react';
import { SCROLL_TOP_THRESHOLD_PX } from '@shop/core/constants';
import { focusMain } from '../../lib/focus.ts';
import { t } from '../../lib/i18n.ts';

export function ScrollTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button type="button" className="scroll-top" onClick={() => {
        window.scrollTo({ top: 0 });
        // the button hides itself at the top: the focus goes to the top of the page, not to <body>
        focusMain();
      }} aria-label={t('Back to top')}>
      <ArrowUp size={20} aria-hidden="true" />
    </button>
  );
}
