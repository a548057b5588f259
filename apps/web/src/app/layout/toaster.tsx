import { useEffect, useRef } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@shop/core/constants';
import { toasterMounted } from '../../lib/toasts.ts';
import { getLang, t } from '../../lib/i18n.ts';

/** SPEC section 4: top-right, 5 s, pause on hover and focus loss, close on click, draggable, light. */
export function Toaster() {
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // react-toastify makes its container a polite live region and each toast role=alert, so a screen reader
    // could read a toast twice. Every toast's sentence is said once by the announcer (lib/announce.ts), so
    // the container is not live and the toasts carry no live role (React never rewrites an unchanged prop).
    wrapper.current?.querySelector('.Toastify')?.setAttribute('aria-live', 'off');
    toasterMounted();
  }, []);
  return (
    <div ref={wrapper} className="toaster">
      <ToastContainer
        position={getLang() === 'ar' ? 'top-left' : 'top-right'}
        autoClose={TOAST_AUTO_CLOSE_MS}
        pauseOnHover
        pauseOnFocusLoss
        closeOnClick
        draggable
        theme="light"
        newestOnTop
        role="none"
        aria-label={t('Notifications Alt+T')}
        rtl={getLang() === 'ar'}
      />
    </div>
  );
}
