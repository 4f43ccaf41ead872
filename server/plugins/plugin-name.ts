// Fastify names every plugin it registers (its errors and start-up timeouts quote the name). For a plugin
// function without a display name it searches `require.cache` for the module that exports it, entry by
// entry, twice per registration. Under jest that cache is a proxy over the test file's whole module
// registry, and the search was two thirds of the cost of building an app, which the API tests do once per
// test. Route plugins are exported as a module's `default`, so the search never finds them anyway and
// Fastify falls back to the function's own name: the display name given here is that same name.
const DISPLAY_NAME = Symbol.for('fastify.display-name');

/** The plugin, carrying a display name so Fastify need not search the module cache for one. */
export function named<Plugin extends object>(plugin: Plugin & { name: string }, name = plugin.name): Plugin {
  Object.defineProperty(plugin, DISPLAY_NAME, { value: name, configurable: true });
  return plugin;
}
