/**
 * What antd asks of the browser and jsdom lacks: `matchMedia` (responsive props, the grid) and
 * `ResizeObserver` (tables, text areas, overflow). Installed only where missing, for the jsdom
 * test files that render antd components; call it in a `beforeAll`.
 */
export function stubLayoutApis() {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    onchange: null,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
