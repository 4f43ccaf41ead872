// The customer pages' catalogue files per language as lazy webpack chunks: a page downloads only its language's
// texts. The webpack loader (scripts/webpack/catalogue-loader.cjs) compiles each JSON file to Lingui's compiled form
// at build time, so no message parser ships to the browser. webpackContext needs literal arguments: a new language
// adds its line here and in app-catalogue-chunks.ts.
/// <reference types="webpack/module" />
import type { AreaCatalogues } from './catalogue-chunks';

export const CUSTOMER_CATALOGUES: AreaCatalogues = {
  en: () => import.meta.webpackContext('./messages/en/customer', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-customer-en' }),
  es: () => import.meta.webpackContext('./messages/es/customer', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-customer-es' }),
  fr: () => import.meta.webpackContext('./messages/fr/customer', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-customer-fr' }),
  de: () => import.meta.webpackContext('./messages/de/customer', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-customer-de' }),
  ar: () => import.meta.webpackContext('./messages/ar/customer', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-customer-ar' }),
};
