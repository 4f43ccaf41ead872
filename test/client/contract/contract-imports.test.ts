// Issue 20: the SPA takes only types from the wire contract's schema modules, so TypeBox (and the
// schema objects) stay out of the client bundle. The plain-constant modules (limits, protocol) are
// the exception: forms and the live feed read them at run time, and they import nothing.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = path.resolve(__dirname, '../../../src');
const CONTRACT = path.join(SRC, 'api', 'contract');
/** Contract modules the client may import as values: plain constants, no imports of their own. */
const PLAIN_MODULES = ['limits', 'protocol'];
const SCHEMA_LIBRARIES = ['@fastify/type-provider-typebox', 'typebox', '@sinclair/typebox'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every import or re-export of `file` that would bring contract runtime code (or TypeBox) into the bundle. */
export function runtimeContractImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const problems: string[] = [];
  for (const statement of source.statements) {
    let specifier: string | undefined;
    let typeOnly = false;
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      specifier = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      // `import type {…}`, or `import {type A, type B}` with nothing else (elided entirely by the compiler).
      typeOnly = Boolean(clause && (clause.isTypeOnly || (!clause.name && named && named.length > 0 && named.every((element) => element.isTypeOnly))));
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      specifier = statement.moduleSpecifier.text;
      const named = statement.exportClause && ts.isNamedExports(statement.exportClause) ? statement.exportClause.elements : undefined;
      typeOnly = statement.isTypeOnly || Boolean(named && named.length > 0 && named.every((element) => element.isTypeOnly));
    }
    if (specifier === undefined || typeOnly) continue;
    if (SCHEMA_LIBRARIES.includes(specifier)) {
      problems.push(`${specifier} (a schema library)`);
      continue;
    }
    if (!specifier.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), specifier);
    if (path.dirname(target) !== CONTRACT) continue;
    if (!PLAIN_MODULES.includes(path.basename(target))) problems.push(specifier);
  }
  return problems;
}

describe('the wire contract in the client bundle', () => {
  it('is imported by the SPA as types only, except the plain-constant modules', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => path.dirname(file) !== CONTRACT)
      .flatMap((file) => runtimeContractImports(file, fs.readFileSync(file, 'utf8')).map((problem) => `${path.relative(SRC, file)}: ${problem}`));
    expect(offenders).toEqual([]);
  });

  it.each(PLAIN_MODULES)('keeps %s.ts free of imports (so importing it pulls nothing else in)', (name) => {
    const text = fs.readFileSync(path.join(CONTRACT, `${name}.ts`), 'utf8');
    expect(text).not.toMatch(/^\s*(import|export\s[^;]*\sfrom)\s/m);
  });

  describe('the check itself', () => {
    const file = path.join(SRC, 'features', 'example', 'Example.tsx');
    it.each([
      ["import { CustomerCard } from '../../api/contract/customer';", ['../../api/contract/customer']],
      ["import { type CustomerCard, ScanRequest } from '../../api/contract/customer';", ['../../api/contract/customer']],
      ["export { CustomerCard } from '../../api/contract/customer';", ['../../api/contract/customer']],
      ["import { Type } from '@fastify/type-provider-typebox';", ['@fastify/type-provider-typebox (a schema library)']],
      ["import type { CustomerCard } from '../../api/contract/customer';", []],
      ["import { type CustomerCard } from '../../api/contract/customer';", []],
      ["export type { CustomerCard } from '../../api/contract/customer';", []],
      ["import { MAX_MENU_BYTES } from '../../api/contract/limits';", []],
      ["import { CUSTOMER_CREDENTIAL_HEADER } from '../../api/contract/protocol';", []],
    ])('%s → %j', (line, expected) => {
      expect(runtimeContractImports(file, line)).toEqual(expected);
    });
  });
});
