import { describe, expect, it } from 'vitest';
import { cardIconRules } from './CardIcon';

describe('the cards’ icons', () => {
  it('are standalone SVG images of antd’s drawings, one rule per icon', () => {
    const rules = cardIconRules().split('\n');
    expect(rules.map((rule) => rule.slice(0, rule.indexOf('{')))).toEqual([
      '.run-ico-alert',
      '.run-ico-camera',
      '.run-ico-clear',
      '.run-ico-down',
      '.run-ico-exclamation',
      '.run-ico-form',
      '.run-ico-up',
      '.run-ico-warning',
    ]);
    for (const rule of rules) {
      const svg = decodeURIComponent(/data:image\/svg\+xml,([^"]+)"/.exec(rule)![1]!);
      // An image (a mask) needs the namespace; the drawing is antd's, on its 896-unit box.
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="64 64 896 896"><path d="M[^"]+"><\/path>/);
      expect(svg.endsWith('</svg>')).toBe(true);
    }
  });
});
