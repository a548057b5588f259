import type { InputHTMLAttributes, ReactNode } from 'react';
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
