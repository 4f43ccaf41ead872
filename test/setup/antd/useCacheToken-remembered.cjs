// @ant-design/cssinjs's theme-token hook as the client tests' antd bundle sees it: the real hook, whose token
// computation is remembered for the rest of the test file.
//
// Why: every ConfigProvider with a theme (the test's, VendorPage's) names its tokens' CSS variables after a
// React `useId`, a new one in every test, and the real hook caches the computed token under that name only
// while the provider is mounted. So each test worked out antd's whole design token again (the colour palettes
// of every preset colour, the size and font maps): about 4% of a page file's CPU. The computation
// depends only on the theme, the seed and override tokens (not on the name), so its result is kept under
// those; the hook still names, caches, hashes and registers everything as before, and every component still
// reads the same token values.
const real = require('@ant-design/cssinjs/lib/hooks/useCacheToken.js');
const { flattenToken } = require('@ant-design/cssinjs/lib/util/index.js');

/** Per compute function (antd passes one), per theme: the computed token by its seed and override tokens. */
const remembered = new WeakMap();

function rememberedCompute(compute) {
  let byTheme = remembered.get(compute);
  if (!byTheme) {
    byTheme = new WeakMap();
    remembered.set(compute, byTheme);
  }
  return (token, override, theme) => {
    let computed = byTheme.get(theme);
    if (!computed) {
      computed = new Map();
      byTheme.set(theme, computed);
    }
    const key = `${flattenToken(token)}\n${flattenToken(override)}`;
    let result = computed.get(key);
    if (!result) {
      result = compute(token, override, theme);
      computed.set(key, result);
    }
    return result;
  };
}

const computeFor = new WeakMap();

module.exports = {
  ...real,
  __esModule: true,
  default: function useCacheTokenRemembered(theme, tokens, option) {
    if (!option.getComputedToken) return real.default(theme, tokens, option);
    let compute = computeFor.get(option.getComputedToken);
    if (!compute) {
      compute = rememberedCompute(option.getComputedToken);
      computeFor.set(option.getComputedToken, compute);
    }
    return real.default(theme, tokens, { ...option, getComputedToken: compute });
  },
};
