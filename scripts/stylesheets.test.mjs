// The web app's stylesheets are plain CSS, one rule after another: a rule opened inside another's braces is a brace
// lost (a merge once dropped the `}` of .admin-colour and of .admin-fieldset). The build does not refuse it: it nests
// everything after it under that selector (".admin-colour .sales-totals"), which matches nothing, and the sales page,
// the Activity page's changes and the products' import were drawn without their styles.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src');
const sheets = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.css')).sort();

/** The lines where a rule opens inside a style rule's braces (an at-rule's, like @media's, may hold rules), and the braces left open. */
function nesting(css) {
  // comments and strings hold no braces that count; their newlines stay, for the line numbers
  const code = css.replace(/\/\*[\s\S]*?\*\/|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, (text) => text.replace(/[^\n]/g, ' '));
  const blocks = [];
  const nested = [];
  let start = 0;
  let line = 1;
  for (let at = 0; at < code.length; at += 1) {
    const char = code[at];
    if (char === '\n') line += 1;
    if (char === '{') {
      if (blocks.at(-1) === 'style') nested.push(line);
      blocks.push(code.slice(start, at).trim().startsWith('@') ? 'at-rule' : 'style');
      start = at + 1;
    } else if (char === '}' || char === ';') {
      if (char === '}') blocks.pop();
      start = at + 1;
    }
  }
  return { nested, open: blocks.length };
}

describe("the web app's stylesheets", () => {
  it('are found', () => {
    expect(sheets).toContain(path.join('features', 'admin', 'admin.css'));
  });

  it.each(sheets)('%s closes every rule before the next one opens', (file) => {
    expect(nesting(readFileSync(path.join(src, file), 'utf8'))).toEqual({ nested: [], open: 0 });
  });

  it('tell a lost brace from a rule inside @media', () => {
    expect(nesting('.a {\n  display: flex;\n.b {\n  color: red;\n}\n')).toEqual({ nested: [3], open: 1 });
    expect(nesting('@media (min-width: 768px) {\n  .a { color: red; }\n}\n/* { */ .b::after { content: "}"; }')).toEqual({ nested: [], open: 0 });
  });
});
