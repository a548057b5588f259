import type { ReactNode } from 'react';
import { parseMarkdown, type Inline } from '@shop/core/markdown';

// The owner's page texts (settings) drawn as elements from shop-core's small Markdown: no HTML is ever made from them.

function inlines(children: Inline[]): ReactNode[] {
  return children.map((inline, index) => {
    switch (inline.kind) {
      case 'text':
        return inline.text;
      case 'break':
        return <br key={index} />;
      case 'strong':
        return <strong key={index}>{inlines(inline.children)}</strong>;
      case 'em':
        return <em key={index}>{inlines(inline.children)}</em>;
      case 'link':
        // http, https and mailto only (markdown.ts): another site opens as a link away from the shop
        return <a key={index} href={inline.href} rel={inline.href.startsWith('mailto:') ? undefined : 'noopener noreferrer'}>{inlines(inline.children)}</a>;
    }
  });
}

export function MarkdownText({ text }: { text: string }) {
  return (
    <>
      {parseMarkdown(text).map((block, index) => {
        if (block.kind === 'heading') return block.level === 2 ? <h2 key={index}>{inlines(block.children)}</h2> : <h3 key={index}>{inlines(block.children)}</h3>;
        if (block.kind === 'list') {
          const items = block.items.map((item, at) => <li key={at}>{inlines(item)}</li>);
          return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
        }
        return <p key={index}>{inlines(block.children)}</p>;
      })}
    </>
  );
}
