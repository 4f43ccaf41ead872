// @ant-design/cssinjs's CSS-variable hook as the client tests' antd bundle sees it: it registers nothing.
//
// Why: antd's style hooks call it for every component type a page renders, and on each new tree (every test
// renders one) it works out that component's tokens again and writes them into a <style> element as CSS
// variables (`--ant-button-…`): about a fiftieth of a page file's CPU. No test reads them: jsdom does no layout,
// getComputedStyle answers from inline styles (test/client/support/computedStyle.ts), and antd's one caller
// ignores what the hook returns. Class names (the `css-var-…` class comes from the theme, not from this hook),
// the theme's tokens and inline styles are unchanged. The real hook's return is not read, so this one returns
// nothing; it calls no React hook.
//
// The module's other exports (the CSS-variable prefix, the server-side extractor) are the real ones.
const real = require('@ant-design/cssinjs/lib/hooks/useCSSVarRegister.js');

module.exports = {
  ...real,
  __esModule: true,
  default: function useCSSVarRegisterWithoutVariables() {},
};
