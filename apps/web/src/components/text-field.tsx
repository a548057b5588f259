import type { InputHTMLAttributes, ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH } from '@shop/core/constants';
import { plural } from '../lib/i18n.ts';
import type { FieldState } from '../lib/use-field-errors.ts';
import { FormField } from './form-field.tsx';

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;

interface TextFieldProps extends InputAttributes {
  label: ReactNode;
  field: FieldState;
  value: string;
  onValue: (value: string) => void;
  hint?: ReactNode;
}

/** A form's text input with its label and message; editing it clears its message. */
export function TextField({ label, field, value, onValue, hint, ...input }: TextFieldProps) {
  return (
    <FormField label={label} field={field} hint={hint}>
      {(control) => (
        <input
          {...input}
          {...control}
          className="input"
          value={value}
          onChange={(event) => {
            onValue(event.target.value);
            field.clear();
          }}
        />
      )}
    </FormField>
  );
}

/**
 * A new password (register, reset, change): the shop's minimum length and the password manager's hint set once; the
 * hint says the minimum unless the form says more.
 */
export function NewPasswordField({ hint, ...props }: Omit<TextFieldProps, 'type' | 'autoComplete' | 'required' | 'minLength'>) {
  return (
    <TextField
      {...props}
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      hint={hint ?? plural('At least {count} characters.', PASSWORD_MIN_LENGTH)}
    />
  );
}
