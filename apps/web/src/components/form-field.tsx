import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import type { FieldState } from '../lib/use-field-errors.ts';
import './form-field.css';
import { sentence } from '../lib/i18n.ts';

/** The props that tie a control to its label, hint and message. */
export interface ControlProps {
  id: string;
  ref: (element: HTMLElement | null) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The ids a control's description is made of: its hint, then its message when it has one. */
export function describedBy(field: FieldState, options: { hint?: boolean } = {}): string | undefined {
  return [options.hint ? `${field.id}-hint` : '', field.error ? `${field.id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export function controlProps(field: FieldState, options: { hint?: boolean } = {}): ControlProps {
  return { id: field.id, ref: field.controlRef, 'aria-invalid': field.error ? true : undefined, 'aria-describedby': describedBy(field, options) };
}

interface FormFieldProps {
  label: ReactNode;
  field: FieldState;
  hint?: ReactNode;
  className?: string;
  /** the control, given the props that tie it to this field's label, hint and message */
  children: (control: ControlProps) => ReactNode;
}

/** A label, its control, an optional hint and the field's error message, tied together by ids. */
export function FormField({ label, field, hint, className, children }: FormFieldProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={field.id}>{label}</label>
      {children(controlProps(field, { hint: hint !== undefined }))}
      {hint !== undefined ? <span id={`${field.id}-hint`} className="field__hint">{hint}</span> : null}
      <FieldMessage id={`${field.id}-error`} message={field.error} />
    </div>
  );
}

/** A field's error: red text after an icon, so colour is not the only cue. Read as the control's description. */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      <CircleAlert size={16} aria-hidden="true" />
      <span>{sentence(message)}</span>
    </p>
  );
}
