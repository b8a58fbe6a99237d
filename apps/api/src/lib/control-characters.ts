import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** C0 control characters but tab, line feed and carriage return, and DEL: never part of a text. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The path (a.b.0) of the first string in `value` holding a control character, or null. */
export function controlCharacterAt(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path.join('.') || 'value' : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = controlCharacterAt(item, [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = controlCharacterAt(key, [...path, key]) ?? controlCharacterAt(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Refuses, before validation, any request whose path parameters, query or JSON body carry a
 * control character (a NUL in a deck name or a search): 400 error.control-characters naming it.
 */
export function refuseControlCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const at = controlCharacterAt(part);
      if (at !== null) throw badRequest('error.control-characters', { [at]: 'error.control-characters' });
    }
  });
}
