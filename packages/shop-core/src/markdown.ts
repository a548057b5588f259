// The small, safe Markdown of the shop's own pages (About, Delivery & payment, Returns, Privacy; PRODUCT section 8):
// paragraphs, line breaks, `## headings`, `- ` and `1. ` lists, **bold**, *italic*, and [links](https://…) to http,
// https and mailto addresses only. Parsed into a tree of plain values that the storefront renders as React
// elements (no HTML is ever made from the owner's text), and read as plain text for a page's description.

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] }
  | { kind: 'break' };

export type Block =
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'heading'; level: 2 | 3; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

const SAFE_LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;
/** How far an opening `*`, `**` or `[` looks for its end: a text of unclosed markers stays linear. */
const MAX_SPAN = 1000;
const ESCAPABLE = /[\\*_[\]()#+.`-]/;

const HEADING = /^(#{1,3})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;

/** Where `marker` next starts at or after `from`, within the span, or -1. */
function find(text: string, marker: string, from: number, accept: (at: number) => boolean = () => true): number {
  const last = Math.min(text.length - marker.length, from + MAX_SPAN);
  for (let at = from; at <= last; at++) {
    if (text[at] === '\\') {
      at++;
      continue;
    }
    if (text.startsWith(marker, at) && accept(at)) return at;
  }
  return -1;
}

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);
const isWord = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ kind: 'text', text: plain });
    plain = '';
  };
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    const next = text[at + 1];
    if (char === '\\' && next !== undefined && ESCAPABLE.test(next)) {
      plain += next;
      at += 2;
      continue;
    }
    if (char === '\n') {
      flush();
      out.push({ kind: 'break' });
      at++;
      continue;
    }
    if ((char === '*' || char === '_') && next === char && !isSpace(text[at + 2])) {
      const end = find(text, char + char, at + 2, (close) => !isSpace(text[close - 1]));
      if (end > at + 2) {
        flush();
        out.push({ kind: 'strong', children: parseInline(text.slice(at + 2, end)) });
        at = end + 2;
        continue;
      }
    }
    // `_` marks emphasis only at a word's edge, so snake_case and e_mail stay as written
    if ((char === '*' || (char === '_' && !isWord(text[at - 1]))) && !isSpace(next)) {
      const end = find(text, char, at + 1, (close) => !isSpace(text[close - 1]) && text[close + 1] !== char && (char === '*' || !isWord(text[close + 1])));
      if (end > at + 1) {
        flush();
        out.push({ kind: 'em', children: parseInline(text.slice(at + 1, end)) });
        at = end + 1;
        continue;
      }
    }
    if (char === '[') {
      const close = find(text, '](', at + 1);
      const end = close === -1 ? -1 : find(text, ')', close + 2);
      if (end !== -1) {
        const label = parseInline(text.slice(at + 1, close));
        const href = text.slice(close + 2, end).trim();
        flush();
        // a link to anything but the web or mail (javascript:, data:) is shown as its words alone
        if (SAFE_LINK.test(href)) out.push({ kind: 'link', href, children: label });
        else out.push(...label);
        at = end + 1;
        continue;
      }
    }
    plain += char;
    at++;
  }
  flush();
  return out;
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    list = null;
  };
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      endParagraph();
      endList();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      endParagraph();
      endList();
      // the page's own title is its one h1: a `#` heading of the text is a section
      blocks.push({ kind: 'heading', level: heading[1]!.length === 3 ? 3 : 2, children: parseInline(heading[2]!) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      endParagraph();
      const ordered = numbered !== null;
      if (list && list.ordered !== ordered) endList();
      list ??= { ordered, items: [] };
      list.items.push(item[1]!);
      continue;
    }
    if (list) {
      // a line under an item, not blank and no new item: the item goes on
      const items: string[] = list.items;
      items[items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    paragraph.push(line.trim());
  }
  endParagraph();
  endList();
  return blocks;
}

function inlineText(inlines: Inline[]): string {
  return inlines.map((inline) => (inline.kind === 'text' ? inline.text : inline.kind === 'break' ? ' ' : inlineText(inline.children))).join('');
}

/** The words of a Markdown text without its marks, one line per block (a page's meta description is made of it). */
export function markdownText(source: string): string {
  return parseMarkdown(source)
    .map((block) => (block.kind === 'list' ? block.items.map(inlineText).join('\n') : inlineText(block.children)))
    .join('\n');
}
