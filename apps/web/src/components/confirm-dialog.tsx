import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { Button, buttonClass, ignoreWhen } from './button.tsx';
import { ModalDialog } from './modal-dialog.tsx';
import './confirm-dialog.css';
import { t } from '../lib/i18n.ts';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** a destructive action gets the danger button */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
}

/** Asks before an action that cannot be undone. Focus starts on the safe choice; Escape cancels. */
export function ConfirmDialog({
  open, title, children, confirmLabel, cancelLabel, danger, busy, onConfirm, onClose, returnFocus,
}: ConfirmDialogProps) {
  const titleId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  // runs after the dialog has opened (its effect is the child's, so it runs first): start on the safe choice
  useEffect(() => {
    if (open) keep.current?.focus();
  }, [open]);
  return (
    <ModalDialog open={open} onClose={onClose} className="dialog-card confirm-dialog" labelledBy={titleId} returnFocus={returnFocus}>
      {open ? (
        <>
          <h2 id={titleId} className="confirm-dialog__title">{title}</h2>
          {children ? <div className="confirm-dialog__text">{children}</div> : null}
          <div className="confirm-dialog__actions">
            <button ref={keep} type="button" className={buttonClass('secondary')} onClick={ignoreWhen(Boolean(busy), onClose)} aria-disabled={busy || undefined}>
              {cancelLabel ?? t('Keep it')}
            </button>
            <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
              {confirmLabel}
            </Button>
          </div>
        </>
      ) : null}
    </ModalDialog>
  );
}
