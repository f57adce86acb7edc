/**
 * The FAQs' answer format (decision 0082): a small Markdown subset, parsed here into a tree the
 * page renders as React elements. Never HTML: a `<script>` in an answer is text. Blocks are
 * separated by a blank line: a paragraph (its single line breaks kept), a bullet list (`- ` or
 * `* `) or a numbered list (`1. `). Inline: **bold**, *italic* or _italic_, and [text](address)
 * links to http(s) and mailto addresses only (any other address stays text).
 */
export type TInline =
  { kind: 'text'; text: string } | { kind: 'bold' | 'italic'; children: TInline[] } | { kind: 'link'; href: string; children: TInline[] } | { kind: 'break' };
export type TBlock = { kind: 'paragraph'; children: TInline[] } | { kind: 'list'; ordered: boolean; items: TInline[][] };

const BULLET = /^\s*[-*+]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;
const INLINE = /\*\*(.+?)\*\*|\*([^*\s](?:[^*]*[^*\s])?)\*|(?<![\p{L}\p{N}])_([^_\s](?:[^_]*[^_\s])?)_(?![\p{L}\p{N}])|\[([^\]]+)\]\(([^)\s]+)\)/gu;
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

export function parseInline(text: string): TInline[] {
  const out: TInline[] = [];
  const pushText = (part: string) => {
    part.split('\n').forEach((line, i) => {
      if (i > 0) out.push({ kind: 'break' });
      if (line) out.push({ kind: 'text', text: line });
    });
  };
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    const [whole, bold, star, underscore, label, href] = m;
    if (label !== undefined && href !== undefined && !SAFE_LINK.test(href)) continue;
    pushText(text.slice(last, m.index));
    if (bold !== undefined) out.push({ kind: 'bold', children: parseInline(bold) });
    else if (star !== undefined || underscore !== undefined) out.push({ kind: 'italic', children: parseInline((star ?? underscore)!) });
    else out.push({ kind: 'link', href: href!, children: parseInline(label!) });
    last = m.index + whole.length;
  }
  pushText(text.slice(last));
  return out;
}

export function parseMarkdown(source: string): TBlock[] {
  return source
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.replace(/^\n+|\n+$/g, ''))
    .filter((block) => block.trim())
    .map((block): TBlock => {
      const lines = block.split('\n');
      for (const [pattern, ordered] of [
        [BULLET, false],
        [NUMBERED, true],
      ] as const) {
        if (lines.every((line) => pattern.test(line))) return { kind: 'list', ordered, items: lines.map((line) => parseInline(line.replace(pattern, ''))) };
      }
      return { kind: 'paragraph', children: parseInline(block) };
    });
}
