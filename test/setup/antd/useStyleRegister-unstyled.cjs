// @ant-design/cssinjs's style hook as the client tests' antd bundle sees it: it registers no style.
//
// Why: every antd component, on its first render in a test file, turns its theme tokens into CSS rules
// (style objects, then stylis) and writes them into a <style> element: about a tenth of a client test file's CPU,
// redone in every file because jest gives each its own module registry. Nothing in the tests reads those rules:
// jsdom does no layout, and getComputedStyle answers from inline styles (test/client/support/computedStyle.ts),
// which antd's components still set as in the browser. Class names, tokens and CSS variables are unchanged: only
// the stylesheet text is left out. The real hook returns nothing, so neither does this one; it calls no React hook.
//
// The module's other exports (the style parser, the hash, the server-side extractor) are the real ones.
const real = require('@ant-design/cssinjs/lib/hooks/useStyleRegister.js');

module.exports = {
  ...real,
  __esModule: true,
  default: function useStyleRegisterWithoutStyles() {},
};
