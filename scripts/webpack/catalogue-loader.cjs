// Webpack loader of the text catalogues (src/i18n/messages/<language>/<area>/*.json): compiles each ICU
// message to Lingui's compiled form at build time, so the browser gets no message parser. A syntax error fails the build.
const { compileMessageOrThrow } = require('@lingui/message-utils/compileMessage');

module.exports = function catalogueLoader(source) {
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${this.resourcePath}: message "${id}" is not valid ICU: ${error.message}`);
    }
  }
  return `export default ${JSON.stringify(compiled)};`;
};
