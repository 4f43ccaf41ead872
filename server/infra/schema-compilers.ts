// Route schemas are compiled once per process, not once per app: the route modules hand every app the
// same schema objects, and the test suite builds hundreds of apps (compiling them again was most of the
// cost of each). Ajv keeps each compiled schema keyed by the schema object; the serializers are kept here
// the same way.
import { createHash } from 'node:crypto';
import type { FastifySchemaCompiler, FastifySchemaValidationError, FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type BuildValidator = NonNullable<CompilersFactory['buildValidator']>;
type BuildSerializer = NonNullable<CompilersFactory['buildSerializer']>;
type SerializerCompiler = ReturnType<BuildSerializer>;
type Serializer = ReturnType<SerializerCompiler>;
type FastifyValidationResult = ReturnType<FastifySchemaCompiler<unknown>>;

// The compiler packages (with Ajv and fast-json-stringify, over a hundred modules) load when a schema is first
// compiled: a test app whose schemas' code is stored (below) never needs them.
let compilerPackages: { ajv: typeof import('@fastify/ajv-compiler'); serializer: typeof import('@fastify/fast-json-stringify-compiler') } | undefined;
const compilerPackage = <Name extends 'ajv' | 'serializer'>(name: Name): NonNullable<typeof compilerPackages>[Name] =>
  (compilerPackages ??= {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a compiler is called synchronously, so it loads so
    ajv: require('@fastify/ajv-compiler') as typeof import('@fastify/ajv-compiler'),
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
    serializer: require('@fastify/fast-json-stringify-compiler') as typeof import('@fastify/fast-json-stringify-compiler'),
  })[name];

/** `make()`, made at its first call. */
function atFirstCall<Build extends (...args: never[]) => unknown>(make: () => Build): Build {
  let made: Build | undefined;
  return ((...args: Parameters<Build>) => (made ??= make())(...args)) as Build;
}

const buildValidator = atFirstCall(() => compilerPackage('ajv').AjvCompiler() as BuildValidator);
const buildFreshSerializer = atFirstCall(() => compilerPackage('serializer').SerializerSelector() as BuildSerializer);
const serializerFactories = new Map<string, SerializerCompiler>();

/** One serializer compiler per distinct set of shared schemas and options, each keeping what it compiled. */
const buildSerializer: BuildSerializer = (externalSchemas, serializerOptions) => {
  const key = JSON.stringify([externalSchemas ?? {}, serializerOptions ?? {}]);
  const known = serializerFactories.get(key);
  if (known) return known;
  const compile = buildFreshSerializer(externalSchemas, serializerOptions);
  const compiled = new WeakMap<object, Map<string, Serializer>>();
  const cached: SerializerCompiler = (route) => {
    const schema = route.schema as object;
    const byStatus = compiled.get(schema) ?? new Map<string, Serializer>();
    compiled.set(schema, byStatus);
    // Fastify also names the content type for a response schema given per content type.
    const routeKey = `${route.httpStatus}|${(route as { contentType?: string }).contentType ?? ''}`;
    const serializer = byStatus.get(routeKey) ?? compile(route);
    byStatus.set(routeKey, serializer);
    return serializer;
  };
  serializerFactories.set(key, cached);
  return cached;
};

export const sharedSchemaCompilers: CompilersFactory = { buildValidator, buildSerializer };

/** Fastify's validator as it calls one compiled by Ajv: with the request as the parent of the checked part. */
type AjvValidator = FastifyValidationResult & ((data: unknown, dataContext?: object) => ReturnType<FastifyValidationResult>) & { schemaEnv?: unknown };

/**
 * A validator that compiles its schema when it first checks a request. A schema that does not compile refuses
 * that request (400, naming the compiler's error; thrown, it would be a bare 500).
 */
function validatorAtFirstUse(compile: () => AjvValidator): AjvValidator {
  let compiled: AjvValidator | undefined;
  const validate = ((data: unknown, dataContext?: object) => {
    try {
      compiled ??= compile();
    } catch (error) {
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
    const result = compiled(data, dataContext);
    validate.errors = compiled.errors as FastifySchemaValidationError[] | null | undefined;
    return result;
  }) as AjvValidator;
  // Fastify hands the request as parent data only to a function marked as Ajv's (`schemaEnv`): without it, Ajv
  // could not replace a whole part it coerces (a single value where the schema wants an array).
  validate.schemaEnv = true;
  return validate;
}

/**
 * Where the generated code of compiled schemas is kept between processes, by a key naming everything the code
 * depends on: each test file loads the server afresh, and compiling a route's schemas again there costs more
 * than reading the code its first compilation generated.
 */
export interface SchemaCodeStore {
  read(key: string): string | undefined;
  write(key: string, code: string): void;
}

// The kept code is plain CommonJS (Ajv's standalone validator, fast-json-stringify's standalone serializer):
// evaluated as is, its `require`s (the libraries' small run-time helpers) resolved from here.
function evaluate(code: string): unknown {
  const module = { exports: {} as unknown };
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports;
}

/** Functions are part of a compiler's options (Ajv plugins): their source goes into the key. */
const keyOf = (parts: unknown[]): string =>
  createHash('sha256').update(JSON.stringify(parts, (_name, value: unknown) => (typeof value === 'function' ? String(value) : value))).digest('hex');

/** The compiled code of `key`: from the store, or generated (and then stored). */
function storedCode(store: SchemaCodeStore, key: string, generate: () => string): string {
  const known = store.read(key);
  if (known !== undefined) return known;
  const code = generate();
  store.write(key, code);
  return code;
}

// Generated code, as Fastify's standalone compilers hand it to their `storeFunction` (synchronously, while
// compiling).
let generatedValidatorCode: string | undefined;
const buildCodeValidator = atFirstCall(
  () => compilerPackage('ajv').StandaloneValidator({ readMode: false, storeFunction: (_route, code) => { generatedValidatorCode = code; } }) as unknown as BuildValidator,
);
const buildCodeSerializer = atFirstCall(() => compilerPackage('serializer').SerializerSelector() as BuildSerializer);
// What this process evaluated, by key: each test file builds several apps.
const evaluatedCode = new Map<string, unknown>();

/** A validator compiled from its stored code, generated by Ajv's standalone mode where there is none yet. */
function validatorFromStore(store: SchemaCodeStore, externalSchemas: Parameters<BuildValidator>[0], options: Parameters<BuildValidator>[1]) {
  const optionsKey = [externalSchemas ?? {}, options ?? {}];
  return (route: Parameters<FastifySchemaCompiler<unknown>>[0]): AjvValidator => {
    const key = `validator-${keyOf([route.schema, optionsKey])}`;
    const known = evaluatedCode.get(key);
    if (known) return known as AjvValidator;
    const code = storedCode(store, key, () => {
      // The standalone compiler adds its code option to the options it is given: a copy, not Fastify's.
      const compile = buildCodeValidator(externalSchemas, { ...options }) as unknown as (route: Parameters<FastifySchemaCompiler<unknown>>[0]) => unknown;
      generatedValidatorCode = undefined;
      compile(route);
      if (generatedValidatorCode === undefined) throw new Error('the standalone validator compiler stored no code');
      return generatedValidatorCode;
    });
    const validator = evaluate(code) as AjvValidator;
    evaluatedCode.set(key, validator);
    return validator;
  };
}

/**
 * A serializer from its stored code, generated by fast-json-stringify's standalone mode where there is none yet.
 * A schema with `anyOf` (every nullable field), `oneOf` or `if` picks its branch with Ajv validators: their
 * code goes into the stored code too (`inlineValidators`), so evaluating it builds no Ajv instance and compiles
 * nothing. A schema whose validators Ajv cannot write out as code keeps them compiled at evaluation, as before.
 */
function serializerFromStore(store: SchemaCodeStore, externalSchemas: Parameters<BuildSerializer>[0], serializerOptions: Parameters<BuildSerializer>[1]) {
  const optionsKey = [externalSchemas ?? {}, serializerOptions ?? {}, { inlineValidators: true }];
  const generate = (route: Parameters<SerializerCompiler>[0], inlineValidators: boolean): string => {
    const compile = buildCodeSerializer(externalSchemas, { ...serializerOptions, mode: 'standalone', inlineValidators } as Parameters<BuildSerializer>[1]);
    return compile(route) as unknown as string;
  };
  return (route: Parameters<SerializerCompiler>[0]): Serializer => {
    const key = `serializer-${keyOf([route.schema, optionsKey])}`;
    const known = evaluatedCode.get(key);
    if (known) return known as Serializer;
    const code = storedCode(store, key, () => {
      try {
        return generate(route, true);
      } catch {
        return generate(route, false);
      }
    });
    const serializer = evaluate(code) as Serializer;
    evaluatedCode.set(key, serializer);
    return serializer;
  };
}

/**
 * The same compilers, each route's schema compiled when the route first validates or answers a request
 * instead of when the app starts. Only for apps built by the API tests: each test file loads the server afresh
 * and would otherwise compile every route's schemas (about a fifth of a small file's CPU) to call a few routes.
 * Given a store, a schema's compiled code comes from there (Ajv and fast-json-stringify generate it once for
 * every test file of a run, and the next runs). A server keeps `sharedSchemaCompilers`, so that a schema that
 * does not compile stops it at the start.
 */
export function schemaCompilersAtFirstUse(store?: SchemaCodeStore): CompilersFactory {
  return {
    // Fastify takes any function with `errors` as a validator; the compiler package's type names Ajv's own.
    buildValidator: ((externalSchemas: Parameters<BuildValidator>[0], options: Parameters<BuildValidator>[1]) => {
      const compile = store
        ? validatorFromStore(store, externalSchemas, options)
        : (buildValidator(externalSchemas, options) as unknown as (route: Parameters<FastifySchemaCompiler<unknown>>[0]) => AjvValidator);
      return (route: Parameters<FastifySchemaCompiler<unknown>>[0]) => validatorAtFirstUse(() => compile(route));
    }) as unknown as BuildValidator,
    buildSerializer: (externalSchemas, serializerOptions) => {
      const compile = store ? serializerFromStore(store, externalSchemas, serializerOptions) : buildSerializer(externalSchemas, serializerOptions);
      return (route) => {
        let serializer: Serializer | undefined;
        return (data: unknown) => (serializer ??= compile(route))(data);
      };
    },
  };
}
