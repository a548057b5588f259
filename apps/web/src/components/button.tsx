import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import './button.css';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'quiet' | 'danger';

export function buttonClass(variant: ButtonVariant = 'primary', options: { block?: boolean; small?: boolean } = {}): string {
  return ['btn', `btn--${variant}`, options.block ? 'btn--block' : '', options.small ? 'btn--sm' : '']
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
  small?: boolean;
  busy?: boolean;
}

/**
 * A busy button is not `disabled`: a disabled button drops the keyboard focus to <body>. It stays focusable,
 * says it is busy (`aria-busy`, `aria-disabled`) and ignores clicks (and the form submit a click would start).
 */
export function Button({ variant = 'primary', block, small, busy, className, children, disabled, type = 'button', onClick, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonClass(variant, { block, small })}${busy ? ' btn--busy' : ''}${className ? ` ${className}` : ''}`}
      disabled={busy ? undefined : disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** For plain buttons that go quiet while their action runs or at a limit: focusable, but a click does nothing. */
export function ignoreWhen(inactive: boolean, action: () => void): (event: MouseEvent<HTMLElement>) => void {
  return (event) => {
    if (inactive) {
      event.preventDefault();
      return;
    }
    action();
  };
}
