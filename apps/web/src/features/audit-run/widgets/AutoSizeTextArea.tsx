import type { ComponentProps, CSSProperties } from 'react';
import { Input } from 'antd';

/**
 * Browsers that size a text area to its content in CSS (`field-sizing: content`: Chromium 123+).
 * Read once: it does not change while the page lives.
 */
const SIZED_BY_CSS = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

type TProps = Omit<ComponentProps<typeof Input.TextArea>, 'autoSize' | 'rows'> & { minRows: number; maxRows: number };

/**
 * A text area that grows with its text between `minRows` and `maxRows` lines, then scrolls, as
 * antd's `autoSize` does. Where the browser can, CSS sizes it (`.run-autosize`): antd's
 * `autoSize` measures a hidden copy with `getComputedStyle` and `scrollHeight` on every mount and
 * every keystroke, a forced layout of the whole page, hundreds of cards long in a large audit.
 * Elsewhere antd's `autoSize` still does it.
 */
export function AutoSizeTextArea({ minRows, maxRows, ...props }: TProps) {
  if (!SIZED_BY_CSS) return <Input.TextArea {...props} autoSize={{ minRows, maxRows }} />;
  return (
    <div className="run-autosize" style={{ '--min-rows': minRows, '--max-rows': maxRows } as CSSProperties}>
      <Input.TextArea {...props} rows={minRows} />
    </div>
  );
}
