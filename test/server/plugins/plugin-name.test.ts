// Building an app stays cheap: every route plugin carries a display name, so Fastify never searches the
// module cache for one (see server/plugins/plugin-name.ts).
import fs from 'node:fs';
import path from 'node:path';

const DISPLAY_NAME = Symbol.for('fastify.display-name');
const routesDirectory = path.join(__dirname, '../../../server/routes');

function routeModules(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return routeModules(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

it.each(routeModules(routesDirectory).map((file) => path.relative(routesDirectory, file)))('the route plugin of routes/%s carries its display name', async (file) => {
  const plugin = ((await import(path.join(routesDirectory, file))) as { default?: unknown }).default;
  if (typeof plugin !== 'function') return;
  expect((plugin as unknown as Record<symbol, unknown>)[DISPLAY_NAME]).toBe(plugin.name);
});
