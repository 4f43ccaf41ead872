// The SPA's catalogue loader in jest: the same files read from disk and compiled (webpack's lazy chunks do not
// exist outside the bundle). Mapped over src/i18n/catalogue-chunks.ts by jest.config.ts.
import type { Locale } from '../../src/api/contract/locales';
import type { CompiledCatalogue, TextArea } from '../../src/i18n/catalogue';
import type { ClientTestShared } from './client-environment';
import { compileCatalogue, messagesDir, readSourceCatalogue } from './catalogue-files';

// The environment compiles each catalogue once per worker (test/setup/client-environment.ts); a file run under
// another environment compiles its own.
const shared = (globalThis as { __clientTestShared?: ClientTestShared }).__clientTestShared;

export function loadCatalogueNow(area: TextArea, locale: Locale): CompiledCatalogue {
  if (shared) return JSON.parse(shared.compiledCatalogueJson(area, locale)) as CompiledCatalogue;
  return compileCatalogue(readSourceCatalogue(messagesDir(), locale, area)) as CompiledCatalogue;
}

export async function loadCatalogue(area: TextArea, locale: Locale): Promise<CompiledCatalogue> {
  return loadCatalogueNow(area, locale);
}

/** Jest reads every area from disk: nothing to provide. */
export function provideCatalogues(): void {}
