// The vendor app's catalogue files per language as lazy webpack chunks: a page downloads only its language's texts,
// compiled at build time (scripts/webpack/catalogue-loader.cjs). webpackContext needs literal arguments: a new
// language adds its line here and in customer-catalogue-chunks.ts.
/// <reference types="webpack/module" />
import type { AreaCatalogues } from './catalogue-chunks';

export const APP_CATALOGUES: AreaCatalogues = {
  en: () => import.meta.webpackContext('./messages/en/app', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-app-en' }),
  es: () => import.meta.webpackContext('./messages/es/app', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-app-es' }),
  fr: () => import.meta.webpackContext('./messages/fr/app', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-app-fr' }),
  de: () => import.meta.webpackContext('./messages/de/app', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-app-de' }),
  ar: () => import.meta.webpackContext('./messages/ar/app', { regExp: /\.json$/, mode: 'lazy-once', chunkName: 'texts-app-ar' }),
};
