// @ant-design/cssinjs's CSS-variable helpers as the client tests' antd bundle sees them: transformToken's work on
// a token is remembered for the rest of the test file.
//
// Why: the theme-token hook turns the whole design token (some 500 values) into CSS variable names, three regular
// expressions each, whenever it computes a theme's token: in every test, since each test's ConfigProvider has a
// new `useId` name (see useCacheToken-remembered.cjs, which hands it the same token object again). The names and
// values depend only on the token and the options, so they are kept per token object; the stylesheet text, which
// names the provider, is still written for each call, and each call gets its own copy of the token (the hook adds
// its hash to it).
const real = require('@ant-design/cssinjs/lib/util/css-variables.js');

/** Per token object: `[token with var(…) values, CSS variables]` by the options' identities and prefix. */
const remembered = new WeakMap();
const ids = new WeakMap();
let nextId = 0;
const idOf = (object) => {
  if (!object) return '';
  let id = ids.get(object);
  if (id === undefined) {
    id = (nextId += 1);
    ids.set(object, id);
  }
  return id;
};

function transformToken(token, themeKey, config) {
  const { hashCls, hashPriority, prefix, unitless, ignore, preserve, scope } = config || {};
  let byOptions = remembered.get(token);
  if (!byOptions) {
    byOptions = new Map();
    remembered.set(token, byOptions);
  }
  const key = `${prefix ?? ''}|${idOf(unitless)}|${idOf(ignore)}|${idOf(preserve)}`;
  let names = byOptions.get(key);
  if (!names) {
    const cssVars = {};
    const result = {};
    Object.entries(token).forEach(([name, value]) => {
      if (preserve?.[name]) {
        result[name] = value;
      } else if ((typeof value === 'string' || typeof value === 'number') && !ignore?.[name]) {
        const cssVar = real.token2CSSVar(name, prefix);
        cssVars[cssVar] = typeof value === 'number' && !unitless?.[name] ? `${value}px` : String(value);
        result[name] = `var(${cssVar})`;
      }
    });
    names = [result, cssVars];
    byOptions.set(key, names);
  }
  return [{ ...names[0] }, real.serializeCSSVar(names[1], themeKey, { scope, hashCls, hashPriority })];
}

module.exports = { ...real, __esModule: true, transformToken };
