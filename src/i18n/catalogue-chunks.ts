// The catalogue files of each language and area as lazy webpack chunks: a page downloads only its language's
// texts, and only its own half (the customer pages never download the vendor app's texts). The webpack loader
// (scripts/webpack/catalogue-loader.cjs) compiles each JSON file to Lingui's compiled form at build time, so no
// message parser ships to the browser. webpackContext needs literal arguments: a new language adds its lines here.
/// <reference types="webpack/module" />
import type { Locale } from '../api/contract/locales';
import type { CompiledCatalogue, TextArea } from './catalogue';

type Context = ReturnType<ImportMeta['webpackContext']>;

const CONTEXTS: Record<TextArea, Record<Locale, () => Context>> = {
  customer: {
    en: () => import.meta.webpackContext('./messages/en/customer', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-customer-en' }),
    es: () => import.meta.webpackContext('./messages/es/customer', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-customer-es' }),
    fr: () => import.meta.webpackContext('./messages/fr/customer', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-customer-fr' }),
    de: () => import.meta.webpackContext('./messages/de/customer', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-customer-de' }),
    ar: () => import.meta.webpackContext('./messages/ar/customer', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-customer-ar' }),
  },
  app: {
    en: () => import.meta.webpackContext('./messages/en/app', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-app-en' }),
    es: () => import.meta.webpackContext('./messages/es/app', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-app-es' }),
    fr: () => import.meta.webpackContext('./messages/fr/app', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-app-fr' }),
    de: () => import.meta.webpackContext('./messages/de/app', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-app-de' }),
    ar: () => import.meta.webpackContext('./messages/ar/app', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-app-ar' }),
  },
};

/** Every compiled message of one language's area, merged from its files (one download). */
export async function loadCatalogue(area: TextArea, locale: Locale): Promise<CompiledCatalogue> {
  const context = CONTEXTS[area][locale]();
  const files = await Promise.all(context.keys().map((key) => context(key) as Promise<{ default: CompiledCatalogue }>));
  return Object.assign({}, ...files.map((file) => file.default)) as CompiledCatalogue;
}
