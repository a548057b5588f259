import type { ConsentPurpose } from '@shop/core/constants';
import type { ConsentChoices } from '@shop/core/contract/privacy';
import { t, type UiText } from '../lib/i18n.ts';
import './consent-boxes.css';

const BOXES: [ConsentPurpose, UiText][] = [
  ['marketingEmail', 'Mail me offers and news'],
  ['marketingWhatsapp', 'Message me offers and news on WhatsApp'],
  ['analytics', 'Analytics that help us improve the shop'],
];

/**
 * The consents a shopper may give (PRODUCT section 9): each unticked until she ticks it, with the brand's privacy page
 * beside them. Registration, the checkout and her account's Privacy & data page show the same three.
 */
export function ConsentBoxes({ value, onChange, legend }: { value: ConsentChoices; onChange: (choices: ConsentChoices) => void; legend?: string }) {
  return (
    <fieldset className="consent-boxes">
      <legend className="consent-boxes__legend">{legend ?? t('Keep in touch (optional)')}</legend>
      {BOXES.map(([purpose, label]) => (
        <label key={purpose} className="consent-boxes__box">
          <input type="checkbox" name={purpose} checked={value[purpose] ?? false} onChange={(event) => onChange({ ...value, [purpose]: event.target.checked })} />
          <span>{t(label)}</span>
        </label>
      ))}
      <a className="consent-boxes__policy" href="/pages/privacy" target="_blank" rel="noopener">{t('Read our privacy policy')}</a>
    </fieldset>
  );
}

/** What a form sends: all three, each as ticked or not (she was asked about each). */
export function allChoices(value: ConsentChoices): Required<ConsentChoices> {
  return { marketingEmail: value.marketingEmail ?? false, marketingWhatsapp: value.marketingWhatsapp ?? false, analytics: value.analytics ?? false };
}
