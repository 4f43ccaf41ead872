// Loads one language's texts of one area from the lazy chunks its entry provided. Each entry provides only its own
// area's chunk map (src/i18n/customer-catalogue-chunks.ts, src/i18n/app-catalogue-chunks.ts): were both maps here,
// the customer pages would carry the vendor app's list of catalogue files and chunks (about 1 KiB gzip) they
// never load.
/// <reference types="webpack/module" />
import type { Locale } from '../api/contract/locales';
import type { CompiledCatalogue, TextArea } from './catalogue';

export type CatalogueContext = ReturnType<ImportMeta['webpackContext']>;
/** One area's catalogue files per language, each language a lazy webpack chunk. */
export type AreaCatalogues = Readonly<Record<Locale, () => CatalogueContext>>;

const provided: Partial<Record<TextArea, AreaCatalogues>> = {};

/** The entry's own area: called once, before the first text loads. */
export function provideCatalogues(area: TextArea, catalogues: AreaCatalogues): void {
  provided[area] = catalogues;
}

/** Every compiled message of one language's area, merged from its files (one download). */
export async function loadCatalogue(area: TextArea, locale: Locale): Promise<CompiledCatalogue> {
  const catalogues = provided[area];
  if (!catalogues) throw new Error(`This page's entry provides no ${area} texts`);
  const context = catalogues[locale]();
  const files = await Promise.all(context.keys().map((key) => context(key) as Promise<{ default: CompiledCatalogue }>));
  return Object.assign({}, ...files.map((file) => file.default)) as CompiledCatalogue;
}
