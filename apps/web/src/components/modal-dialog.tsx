import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { focusElement, focusLost, focusPageHeading } from '../lib/focus.ts';
import './modal-dialog.css';

interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  className: string;
  labelledBy?: string;
  label?: string;
  returnFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

// The native <dialog>: focus trap, Escape and an inert page behind it come from the browser.
// However it closes (its X, Escape, the backdrop, a success), the focus goes back to what opened it; when that
// is gone (the row it deleted), to the page's heading.
export function ModalDialog({ open, onClose, className, labelledBy, label, returnFocus, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      document.documentElement.classList.add('has-modal');
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onDialogClose = () => {
      document.documentElement.classList.remove('has-modal');
      onClose();
      // the browser may already have given the focus back, or a new page may have taken it: leave it there
      if (!focusLost() && !element.contains(document.activeElement)) return;
      if (!focusElement(returnFocus?.current) && !focusElement(opener.current)) focusPageHeading();
    };
    element.addEventListener('close', onDialogClose);
    return () => element.removeEventListener('close', onDialogClose);
  }, [onClose, returnFocus]);

  useEffect(() => () => document.documentElement.classList.remove('has-modal'), []);

  return (
    <dialog
      ref={dialog}
      className={className}
      aria-labelledby={labelledBy}
      aria-label={label}
      onClick={(event) => {
        // a click on the backdrop (the dialog box itself, outside its content) closes it
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
    >
      {children}
    </dialog>
  );
}
