import { describe, expect, it } from 'vitest';
import { FAILED_OPTION_COLOR, optionColor } from './answer-score.js';

describe('optionColor (run view, report and PDF)', () => {
  it('shows a failed option red even when its template left it green (the editor default)', () => {
    expect(optionColor({ color: '#52c41a', failed: true })).toBe(FAILED_OPTION_COLOR);
    expect(FAILED_OPTION_COLOR).toBe('#f5222d');
  });

  it('keeps the chosen colour of an option that does not fail', () => {
    expect(optionColor({ color: '#52c41a', failed: false })).toBe('#52c41a');
    expect(optionColor({ color: '#fa8c16', failed: false })).toBe('#fa8c16');
  });
});
