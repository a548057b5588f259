import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { FormCheck } from '@shop/core/forms';
import { fieldOfServerMessage } from '@shop/core/messages';
import { focusField } from './focus.ts';
import { notify } from './toasts.ts';

export type FieldMessages<F extends string> = Partial<Record<F, string>>;

/** What a form field needs to tie its control to its message (see components/form-field.tsx). */
export interface FieldState {
  /** the control's id; its message is `${id}-error`, its hint `${id}-hint` */
  id: string;
  error: string | undefined;
  /** gives the hook the control, so a failed submit can move focus to it */
  controlRef: (element: HTMLElement | null) => void;
  /** the shopper edited the field: its message goes */
  clear: () => void;
}

export interface FieldErrors<F extends string> {
  errors: FieldMessages<F>;
  field: (name: F) => FieldState;
  /** Shows these messages at their fields (and only these), then moves focus to `first` once they are on the page. */
  show: (messages: FieldMessages<F>, first: F | null) => void;
  /**
   * A form's check on submit: when it failed, its one message is toasted (SPEC's words and order) and every bad
   * field is marked, with focus on the first; answers the checked data, or null.
   */
  accept: <T>(check: FormCheck<T, string>) => T | null;
  /** The shopper edited the field: its message goes. */
  clear: (name: F) => void;
  /**
   * A server refusal that names a field of this form (a taken email, a taken product name…) is shown at that field
   * too, and focus goes there. Answers whether it did.
   */
  showServerMessage: (message: string) => boolean;
}

/**
 * Field errors for one form: each field's message, its ids, and focus to the first bad field on a failed submit.
 * `prefix` keeps a form's existing control ids (`billing` gives `billing-firstName`); without it they come from useId.
 */
export function useFieldErrors<F extends string>(prefix?: string): FieldErrors<F> {
  const generated = useId();
  const base = prefix ?? generated;
  const [errors, setErrors] = useState<FieldMessages<F>>({});
  const controls = useRef(new Map<string, HTMLElement>());
  const refs = useRef(new Map<string, (element: HTMLElement | null) => void>());

  const show = useCallback((messages: FieldMessages<F>, first: F | null) => {
    // the marks and the descriptions are on the page before focus arrives, so the field is read with its message
    flushSync(() => setErrors(messages));
    if (first) focusField(controls.current.get(first));
  }, []);

  const accept = useCallback(
    <T,>(check: FormCheck<T, string>): T | null => {
      if (check.ok) {
        show({}, null);
        return check.data;
      }
      notify.error(check.message);
      show(check.fields as FieldMessages<F>, check.first as F | null);
      return null;
    },
    [show],
  );

  const clear = useCallback((name: F) => {
    setErrors((current) => {
      if (current[name] === undefined) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const showServerMessage = useCallback((message: string) => {
    const name = fieldOfServerMessage(message) as F | null;
    if (!name || !controls.current.has(name)) return false;
    flushSync(() => setErrors((current) => ({ ...current, [name]: message })));
    focusField(controls.current.get(name));
    return true;
  }, []);

  const field = useCallback(
    (name: F): FieldState => {
      let controlRef = refs.current.get(name);
      if (!controlRef) {
        controlRef = (element) => {
          if (element) controls.current.set(name, element);
          else controls.current.delete(name);
        };
        refs.current.set(name, controlRef);
      }
      return { id: `${base}-${name}`, error: errors[name], controlRef, clear: () => clear(name) };
    },
    [base, errors, clear],
  );

  return useMemo(() => ({ errors, field, show, accept, clear, showServerMessage }), [errors, field, show, accept, clear, showServerMessage]);
}
