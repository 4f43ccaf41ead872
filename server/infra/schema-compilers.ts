// Route schemas are compiled once per process, not once per app: the route modules hand every app the
// same schema objects, and the test suite builds hundreds of apps (compiling them again was most of the
// cost of each). Ajv keeps each compiled schema keyed by the schema object; the serializers are kept here
// the same way.
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type BuildSerializer = NonNullable<CompilersFactory['buildSerializer']>;
type SerializerCompiler = ReturnType<BuildSerializer>;

const buildValidator = AjvCompiler() as NonNullable<CompilersFactory['buildValidator']>;
const buildFreshSerializer = SerializerSelector() as BuildSerializer;
const serializerFactories = new Map<string, SerializerCompiler>();

/** One serializer compiler per distinct set of shared schemas and options, each keeping what it compiled. */
const buildSerializer: BuildSerializer = (externalSchemas, serializerOptions) => {
  const key = JSON.stringify([externalSchemas ?? {}, serializerOptions ?? {}]);
  const known = serializerFactories.get(key);
  if (known) return known;
  const compile = buildFreshSerializer(externalSchemas, serializerOptions);
  const compiled = new WeakMap<object, Map<string, ReturnType<SerializerCompiler>>>();
  const cached: SerializerCompiler = (route) => {
    const schema = route.schema as object;
    const byStatus = compiled.get(schema) ?? new Map<string, ReturnType<SerializerCompiler>>();
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
