import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, type TInline } from './markdown';

function inline(nodes: TInline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.kind) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'break':
        return <br key={i} />;
      case 'bold':
        return <strong key={i}>{inline(node.children)}</strong>;
      case 'italic':
        return <em key={i}>{inline(node.children)}</em>;
      case 'link':
        return (
          <a key={i} href={node.href} target="_blank" rel="noopener noreferrer">
            {inline(node.children)}
          </a>
        );
    }
  });
}

/** An answer's Markdown subset (markdown.ts) as React elements: no HTML is ever injected. */
export function Markdown({ source }: { source: string }) {
  return (
    <div className="faq-answer">
      {parseMarkdown(source).map((block, i) => {
        if (block.kind === 'paragraph')
          return (
            <p key={i} style={{ margin: '0 0 8px' }}>
              {inline(block.children)}
            </p>
          );
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={i} style={{ margin: '0 0 8px', paddingInlineStart: 22 }}>
            {block.items.map((item, j) => (
              <li key={j}>{inline(item)}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
