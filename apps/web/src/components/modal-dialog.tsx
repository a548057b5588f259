import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
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
export function ModalDialog({ open, onClose, className, labelledBy, label, returnFocus, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
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
      returnFocus?.current?.focus();
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
