import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A page with just what the loader touches: the head it appends to, and scripts that load or fail when told.
class FakeScript {
  src = '';
  async = false;
  dataset: Record<string, string> = {};
  removed = false;
  private listeners = new Map<string, () => void>();
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  fire(type: 'load' | 'error') {
    this.listeners.get(type)?.();
  }
  remove() {
    this.removed = true;
  }
}

let appended: FakeScript[];
const fakeWindow: { Pixel?: unknown } = {};

beforeEach(() => {
  vi.resetModules();
  appended = [];
  delete fakeWindow.Pixel;
  vi.stubGlobal('window', fakeWindow);
  vi.stubGlobal('document', {
    createElement: () => new FakeScript(),
    head: { append: (script: FakeScript) => appended.push(script) },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const loader = () => import('./pixel.ts');

describe("Paymob's Pixel script", () => {
  it('is added once, however many times the card step asks for it, and answers Paymob’s Pixel', async () => {
    const { loadPixel } = await loader();
    const first = loadPixel('https://accept.paymob.com/pixel.js');
    const second = loadPixel('https://accept.paymob.com/pixel.js');
    expect(appended).toHaveLength(1);
    expect(appended[0]?.src).toBe('https://accept.paymob.com/pixel.js');
    class Pixel {}
    fakeWindow.Pixel = Pixel;
    appended[0]?.fire('load');
    await expect(first).resolves.toBe(Pixel);
    await expect(second).resolves.toBe(Pixel);
    // loaded: no other script
    await expect(loadPixel('https://accept.paymob.com/pixel.js')).resolves.toBe(Pixel);
    expect(appended).toHaveLength(1);
  });

  it('may be tried again after it failed to load', async () => {
    const { loadPixel, PixelUnavailableError } = await loader();
    const failed = loadPixel('https://accept.paymob.com/pixel.js');
    appended[0]?.fire('error');
    await expect(failed).rejects.toBeInstanceOf(PixelUnavailableError);
    expect(appended[0]?.removed).toBe(true);
    const again = loadPixel('https://accept.paymob.com/pixel.js');
    expect(appended).toHaveLength(2);
    fakeWindow.Pixel = class {};
    appended[1]?.fire('load');
    await expect(again).resolves.toBe(fakeWindow.Pixel);
  });

  it('fails when the script loaded but gave no Pixel', async () => {
    const { loadPixel, PixelUnavailableError } = await loader();
    const loading = loadPixel('https://accept.paymob.com/pixel.js');
    appended[0]?.fire('load');
    await expect(loading).rejects.toBeInstanceOf(PixelUnavailableError);
  });
});
