// The size picker as a shopper reads it (issue 42): a sold-out size never says "Only 0 left", a few left are counted,
// and on an Arabic page the sizes that are numbers are in Arabic digits like the prices.
import { afterEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { setRenderLanguage } from '../../../lib/i18n.ts';
import { CATALOG } from '../../../lib/i18n/ar.ts';
import { SizePicker } from './size-picker.tsx';

const sizes = [{ size: '38', stock: 0 }, { size: '40', stock: 2 }, { size: '42', stock: 20 }];
const render = (value: string) => renderToStaticMarkup(<SizePicker sizes={sizes} value={value} onChange={() => {}} />);

afterEach(() => setRenderLanguage('en', null));

describe('SizePicker', () => {
  it('says nothing of pieces left under a sold-out size, and counts a few left', () => {
    expect(render('38')).not.toMatch(/left/);
    expect(render('38')).toContain('aria-label="38, sold out"');
    expect(render('40')).toContain('Only 2 left in size 40');
    expect(render('42')).not.toMatch(/left/);
  });

  it('writes the sizes and the count in Arabic digits on an Arabic page', () => {
    setRenderLanguage('ar', CATALOG);
    const html = render('40');
    // what is shown and said: the text between the tags and the labels read out
    const shown = html.replace(/<[^>]*>/g, ' ') + [...html.matchAll(/aria-label="([^"]*)"/g)].map((match) => match[1]).join(' ');
    expect(shown).toContain('٣٨');
    expect(shown).toContain('بقيت قطعتان فقط من المقاس ٤٠');
    expect(shown).not.toMatch(/[0-9A-Za-z]/);
    expect(render('38')).not.toContain('size-picker__left');
  });
});
