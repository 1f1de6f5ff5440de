/**
 * Route schemas are zod schemas from #shared (docs/architecture.md#schemas-and-validation): the same schema the client uses parses
 * params, query and body, and a response schema is an allowlist (unknown keys are stripped before
 * JSON.stringify, so a password hash cannot leak). The type provider (app-types.ts) types handlers from them.
 */
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';

function isZodSchema(schema: unknown): schema is z.ZodType {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    'safeParse' in schema &&
    typeof schema.safeParse === 'function'
  );
}

export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({
  schema,
  method,
  url,
  httpPart,
}) => {
  if (!isZodSchema(schema))
    throw new Error(`${method} ${url}: the ${httpPart ?? 'request'} schema must be a zod schema`);
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (!result.success) return { error: result.error };
    // Headers stay whole: a parsed object would drop every header the schema does not name.
    return httpPart === 'headers' ? {} : { value: result.data };
  };
};

export const zodSerializerCompiler: FastifySerializerCompiler<unknown> = ({
  schema,
  method,
  url,
}) => {
  if (!isZodSchema(schema))
    throw new Error(`${method} ${url}: response schemas must be zod schemas`);
  return (data: unknown) => {
    const result = schema.safeParse(data);
    // A response that misses its schema is the server's bug: a 500, never a 400 built from the issue.
    if (!result.success)
      throw new Error(`${method} ${url}: response does not match its schema`, {
        cause: result.error,
      });
    return JSON.stringify(result.data);
  };
};
