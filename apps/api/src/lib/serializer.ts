import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Responses are written by a serializer compiled once per route from the JSON Schema of its zod
 * response schema (fast-json-stringify), not by a zod parse per response. It keeps only the
 * declared properties, as the contract says; what JSON Schema cannot describe (dates, transforms)
 * is written as JSON.stringify would.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-07' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
};
