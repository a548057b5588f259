import type { ButtonHTMLAttributes } from 'react';
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

export function Button({ variant = 'primary', block, small, busy, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonClass(variant, { block, small })}${className ? ` ${className}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
