// Stands in for `resize-observer-polyfill` (pulled in by antd's rc-resize-observer): every browser the console
// supports has ResizeObserver, and the polyfill cost the login page ~2.5 KB gzipped of its weight budget.
// jsdom (component tests) has none: there, nothing is observed.
class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

export default globalThis.ResizeObserver ?? NoResizeObserver;
