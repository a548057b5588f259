import { Minus, Plus } from 'lucide-react';
import { QUANTITY_MAX, QUANTITY_MIN } from '@shop/core/constants';
import { westernDigits } from '@shop/core/locale';
import { ignoreWhen } from './button.tsx';
import './quantity-stepper.css';
import { digits, t } from '../lib/i18n.ts';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  label: string;
  small?: boolean;
  id?: string;
}

function clamp(value: number): number {
  if (!Number.isFinite(value)) return QUANTITY_MIN;
  return Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, Math.trunc(value)));
}

export function QuantityStepper({ value, onChange, label, small, id }: QuantityStepperProps) {
  return (
    <div className={`stepper${small ? ' stepper--sm' : ''}`} role="group" aria-label={label}>
      <button type="button" onClick={ignoreWhen(value <= QUANTITY_MIN, () => onChange(clamp(value - 1)))} aria-disabled={value <= QUANTITY_MIN} aria-label={t('Decrease quantity')}>
        <Minus size={16} aria-hidden="true" />
      </button>
      {/* a text field that acts as a spin button: a number field cannot show the Arabic page's digits (٣) */}
      <input
        id={id}
        type="text"
        role="spinbutton"
        inputMode="numeric"
        autoComplete="off"
        aria-valuemin={QUANTITY_MIN}
        aria-valuemax={QUANTITY_MAX}
        aria-valuenow={value}
        value={digits(value)}
        aria-label={t('Quantity')}
        onChange={(event) => onChange(clamp(Number(westernDigits(event.target.value.trim()))))}
        onKeyDown={(event) => {
          const step = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0;
          if (!step) return;
          event.preventDefault();
          onChange(clamp(value + step));
        }}
      />
      <button type="button" onClick={ignoreWhen(value >= QUANTITY_MAX, () => onChange(clamp(value + 1)))} aria-disabled={value >= QUANTITY_MAX} aria-label={t('Increase quantity')}>
        <Plus size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
