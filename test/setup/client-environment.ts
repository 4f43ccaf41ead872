// The client suites' jsdom environment: jest's, plus what every test file would otherwise rebuild from scratch
// although it never changes within a run. jest gives each test file a fresh module registry, so each file
// evaluated aria-query again (its role tables are computed at load: ~60 ms a file, the largest part of loading
// @testing-library/dom and jest-dom) and compiled the English texts again (~30 ms). This module is loaded once per
// jest worker, outside the files' registries, and hands each file's window the same results.
import { TestEnvironment } from 'jest-environment-jsdom';
import * as ariaQuery from 'aria-query';
import { compileCatalogue, messagesDir, readSourceCatalogue } from './catalogue-files';

/** What a client test file's window finds on `__clientTestShared` (read by test/setup/shared/*). */
export interface ClientTestShared {
  /** aria-query's exports, read-only tables of the ARIA roles (no test or library writes to them). */
  ariaQuery: typeof ariaQuery;
  /** A language's compiled texts of one area, as JSON: each file parses its own copy, so none shares objects. */
  compiledCatalogueJson: (area: string, locale: string) => string;
}

const compiledJson = new Map<string, string>();
const shared: ClientTestShared = {
  ariaQuery,
  compiledCatalogueJson: (area, locale) => {
    const key = `${area}:${locale}`;
    let json = compiledJson.get(key);
    if (json === undefined) {
      json = JSON.stringify(compileCatalogue(readSourceCatalogue(messagesDir(), locale, area as 'app' | 'customer')));
      compiledJson.set(key, json);
    }
    return json;
  },
};

export default class ClientTestEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    Object.defineProperty(this.global, '__clientTestShared', { value: shared });
  }
}
