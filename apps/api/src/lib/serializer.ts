import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Responses are written by a serializer compiled once per route from the JSON Schema of its zod
 * response schema (fast-json-stringify), not by a zod parse per response. It keeps only the
 * declared properties, as the contract says; what JSON Schema cannot describe (dates, transforms)
 * is written as JSON.stringify would.
 *
 * A frozen answer cannot change, and the caches hand out the same frozen object until what it
 * says changes (lib/account-cache.ts): its text is kept beside it and sent again as it is.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-07' });
  const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  const written = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return stringify(data);
    let text = written.get(data);
    if (text === undefined) {
      text = stringify(data);
      written.set(data, text);
    }
    return text;
  };
};
