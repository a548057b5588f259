// The quantity as the page writes its other figures (issue 42): Arabic digits on an Arabic page, still a spin button.
import { afterEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { setRenderLanguage } from '../lib/i18n.ts';
import { CATALOG } from '../lib/i18n/ar.ts';
import { QuantityStepper } from './quantity-stepper.tsx';

const render = () => renderToStaticMarkup(<QuantityStepper value={12} onChange={() => {}} label="Quantity" />);

afterEach(() => setRenderLanguage('en', null));

describe('QuantityStepper', () => {
  it('is a spin button that says its value in Western digits in English and Arabic digits in Arabic', () => {
    expect(render()).toMatch(/role="spinbutton"[^>]*aria-valuenow="12"[^>]*value="12"/);
    setRenderLanguage('ar', CATALOG);
    expect(render()).toMatch(/aria-valuenow="12"[^>]*value="١٢"/);
  });
});
