import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@shop/core/constants';
import { toasterMounted } from '../../lib/toasts.ts';

/** SPEC section 4: top-right, 5 s, pause on hover and focus loss, close on click, draggable, light. */
export function Toaster() {
  useEffect(() => {
    toasterMounted();
  }, []);
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick
      draggable
      theme="light"
      newestOnTop
    />
  );
}
