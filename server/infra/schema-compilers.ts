// Route schemas are compiled once per process, not once per app: the route modules hand every app the
// same schema objects, and the test suite builds hundreds of apps (compiling them again was most of the
// cost of each). Ajv keeps each compiled schema keyed by the schema object; the serializers are kept here
// the same way.
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler, FastifySchemaValidationError, FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type BuildValidator = NonNullable<CompilersFactory['buildValidator']>;
type BuildSerializer = NonNullable<CompilersFactory['buildSerializer']>;
type SerializerCompiler = ReturnType<BuildSerializer>;
type Serializer = ReturnType<SerializerCompiler>;
type FastifyValidationResult = ReturnType<FastifySchemaCompiler<unknown>>;

const buildValidator = AjvCompiler() as BuildValidator;
const buildFreshSerializer = SerializerSelector() as BuildSerializer;
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
 * The same compilers, each route's schema compiled when the route first validates or answers a request
 * instead of when the app starts. Only for apps built by the API tests: each test file loads the server afresh
 * and would otherwise compile every route's schemas (about a fifth of a small file's CPU) to call a few routes.
 * A server keeps `sharedSchemaCompilers`, so that a schema that does not compile stops it at the start.
 */
export const schemaCompilersAtFirstUse: CompilersFactory = {
  // Fastify takes any function with `errors` as a validator; the compiler package's type names Ajv's own.
  buildValidator: ((externalSchemas: Parameters<BuildValidator>[0], options: Parameters<BuildValidator>[1]) => {
    const compile = buildValidator(externalSchemas, options) as unknown as (route: Parameters<FastifySchemaCompiler<unknown>>[0]) => AjvValidator;
    return (route: Parameters<FastifySchemaCompiler<unknown>>[0]) => validatorAtFirstUse(() => compile(route));
  }) as unknown as BuildValidator,
  buildSerializer: (externalSchemas, serializerOptions) => {
    const compile = buildSerializer(externalSchemas, serializerOptions);
    return (route) => {
      let serializer: Serializer | undefined;
      return (data: unknown) => (serializer ??= compile(route))(data);
    };
  },
};
