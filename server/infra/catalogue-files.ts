// Reads the text catalogues (src/i18n/messages/<language>/<area>/*.json) from disk and compiles them: the server
// (mails, refusals), the SPA's tests and the catalogue check. The browser gets the same files compiled by the webpack
// loader. The server shares them as data, never as code.
import fs from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';

/** Lingui's compiled messages of one language. */
export type CompiledCatalogue = Messages;

export type CatalogueArea = 'customer' | 'app' | 'server';

/** Every message of one language's area as written (ICU source), merged from its files. */
export function readSourceCatalogue(messagesDir: string, locale: string, area: CatalogueArea): Record<string, string> {
  const dir = path.join(messagesDir, locale, area);
  if (!fs.existsSync(dir)) return {};
  const merged: Record<string, string> = {};
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
    Object.assign(merged, JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>);
  }
  return merged;
}

export function compileCatalogue(source: Record<string, string>): CompiledCatalogue {
  const compiled: CompiledCatalogue = {};
  for (const [id, message] of Object.entries(source)) compiled[id] = compileMessageOrThrow(message);
  return compiled;
}
