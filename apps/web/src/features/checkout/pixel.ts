// Paymob's embedded checkout (Pixel): its script is the shop's config's `pixelScript`, added to the page once and only
// when a card payment is about to be made, so no shopper downloads it otherwise.
import type { PaymobMethod } from '@shop/core/constants';

export interface PixelOptions {
  publicKey: string;
  clientSecret: string;
  paymentMethods: PaymobMethod[];
  /** the id of the element Pixel draws its form in */
  elementId: string;
  disablePay: boolean;
  afterPaymentComplete: (response: unknown) => void | Promise<void>;
  onPaymentCancel: () => void;
}

export type PixelConstructor = new (options: PixelOptions) => unknown;

declare global {
  interface Window {
    Pixel?: PixelConstructor;
  }
}

/** The element Pixel draws the card form in (the e2e journeys look for it too). */
export const PIXEL_ELEMENT_ID = 'paymob-pixel';

export class PixelUnavailableError extends Error {
  constructor() {
    super('The card form could not be loaded. Please check your connection and reload the page, or pay with cash.');
    this.name = 'PixelUnavailableError';
  }
}

let loading: Promise<PixelConstructor> | null = null;

/** Adds Paymob's script once (a second call waits for the same one); a failed load may be tried again. */
export function loadPixel(src: string): Promise<PixelConstructor> {
  if (window.Pixel) return Promise.resolve(window.Pixel);
  loading ??= new Promise<PixelConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.paymobPixel = '';
    script.addEventListener('load', () => {
      if (window.Pixel) resolve(window.Pixel);
      else fail();
    });
    script.addEventListener('error', fail);
    function fail() {
      loading = null;
      script.remove();
      reject(new PixelUnavailableError());
    }
    document.head.append(script);
  });
  return loading;
}
