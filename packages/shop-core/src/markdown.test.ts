import { describe, expect, it } from 'vitest';
import { markdownText, parseMarkdown } from './markdown.ts';

describe('parseMarkdown', () => {
  it('reads paragraphs, line breaks, headings and lists', () => {
    expect(parseMarkdown('First line\nsecond line\n\n## Delivery\n\n- Cairo\n- Giza\n\n1. Order\n2. Pay')).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: 'First line' }, { kind: 'break' }, { kind: 'text', text: 'second line' }] },
      { kind: 'heading', level: 2, children: [{ kind: 'text', text: 'Delivery' }] },
      { kind: 'list', ordered: false, items: [[{ kind: 'text', text: 'Cairo' }], [{ kind: 'text', text: 'Giza' }]] },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'Order' }], [{ kind: 'text', text: 'Pay' }]] },
    ]);
  });

  it('reads bold, italic and links to the web and to mail', () => {
    expect(parseMarkdown('**Free** returns, *within 14 days*: [write](mailto:a@b.example) or [see](https://x.example/a_b).')).toEqual([
      {
        kind: 'paragraph',
        children: [
          { kind: 'strong', children: [{ kind: 'text', text: 'Free' }] },
          { kind: 'text', text: ' returns, ' },
          { kind: 'em', children: [{ kind: 'text', text: 'within 14 days' }] },
          { kind: 'text', text: ': ' },
          { kind: 'link', href: 'mailto:a@b.example', children: [{ kind: 'text', text: 'write' }] },
          { kind: 'text', text: ' or ' },
          { kind: 'link', href: 'https://x.example/a_b', children: [{ kind: 'text', text: 'see' }] },
          { kind: 'text', text: '.' },
        ],
      },
    ]);
  });

  it('never makes a link to a script or data address, and keeps HTML as text', () => {
    // a link's address ends at its first `)`: the rest is text
    expect(parseMarkdown('[click](javascript:alert(1)) <img src=x onerror=alert(1)>')).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: 'click' }, { kind: 'text', text: ') <img src=x onerror=alert(1)>' }] },
    ]);
    expect(JSON.stringify(parseMarkdown('[x](data:text/html,hi)'))).not.toContain('"link"');
  });

  it('leaves lone marks, snake_case and arithmetic as written', () => {
    expect(markdownText('5 * 3 * 2, size_guide, **unclosed, [unclosed')).toBe('5 * 3 * 2, size_guide, **unclosed, [unclosed');
  });

  it('stays fast on a long text of unclosed marks', () => {
    const started = performance.now();
    parseMarkdown('[*'.repeat(10_000));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('markdownText', () => {
  it('is the words without their marks, a line per block', () => {
    expect(markdownText('## Returns\n\nSend it back **within 14 days**.\n\n- one\n- two')).toBe('Returns\nSend it back within 14 days.\none\ntwo');
  });
});
