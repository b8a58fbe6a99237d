import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';
import { keep } from './compression.ts';

/**
 * Responses are written by a serializer compiled once per route from the JSON Schema of its zod
 * response schema (fast-json-stringify), not by a zod parse per response. It keeps only the
 * declared properties, as the contract says; what JSON Schema cannot describe (dates, transforms)
 * is written as JSON.stringify would.
 *
 * A frozen answer cannot change, and the caches hand out the same frozen object until what it
 * says changes (lib/account-cache.ts): its text is kept beside it as UTF-8 bytes and sent again
 * as they are, with no encoding or length count per request (Fastify sends a Buffer as it is),
 * and compressed once for the clients that accept it (lib/compression.ts).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-07' });
  const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  const written = new WeakMap<object, Buffer>();
  const serialize = (data: unknown): string | Buffer => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return stringify(data);
    let bytes = written.get(data);
    if (bytes === undefined) {
      bytes = keep(Buffer.from(stringify(data)));
      written.set(data, bytes);
    }
    return bytes;
  };
  // Fastify's type says string; a Buffer is sent as it is all the same.
  return serialize as (data: unknown) => string;
};
