import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('the FAQ answer format', () => {
  it('reads paragraphs, line breaks, lists, bold, italic and links', () => {
    expect(parseMarkdown('Uno **dos** *tres*\ncuatro\n\n- a\n- [b](https://example.com)\n\n1. x\n2. _y_')).toEqual([
      {
        kind: 'paragraph',
        children: [
          { kind: 'text', text: 'Uno ' },
          { kind: 'bold', children: [{ kind: 'text', text: 'dos' }] },
          { kind: 'text', text: ' ' },
          { kind: 'italic', children: [{ kind: 'text', text: 'tres' }] },
          { kind: 'break' },
          { kind: 'text', text: 'cuatro' },
        ],
      },
      {
        kind: 'list',
        ordered: false,
        items: [[{ kind: 'text', text: 'a' }], [{ kind: 'link', href: 'https://example.com', children: [{ kind: 'text', text: 'b' }] }]],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'x' }], [{ kind: 'italic', children: [{ kind: 'text', text: 'y' }] }]] },
    ]);
  });

  it('keeps HTML and unsafe addresses as text', () => {
    expect(parseInline('<script>alert(1)</script>')).toEqual([{ kind: 'text', text: '<script>alert(1)</script>' }]);
    expect(parseInline('[x](javascript:alert(1))')).toEqual([{ kind: 'text', text: '[x](javascript:alert(1))' }]);
    expect(parseInline('[mail](mailto:a@b.es)')).toEqual([{ kind: 'link', href: 'mailto:a@b.es', children: [{ kind: 'text', text: 'mail' }] }]);
  });

  it('leaves lone marks and snake_case words alone', () => {
    expect(parseInline('2 * 3 = 6, file_name_x')).toEqual([{ kind: 'text', text: '2 * 3 = 6, file_name_x' }]);
  });
});
