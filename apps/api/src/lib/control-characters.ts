import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** C0 control characters but tab, line feed and carriage return, and DEL: never part of a text. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The path (a.b.0) of the first string in `value` holding a control character, or null. */
export function controlCharacterAt(value: unknown): string | null {
  const keys = keysToControl(value);
  return keys === null ? null : keys.join('.') || 'value';
}

/** The keys down to the first string in `value` holding a control character, or null (the path is
 * built only when there is one: this runs on every request). */
function keysToControl(value: unknown): string[] | null {
  if (typeof value === 'string') return CONTROL.test(value) ? [] : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = keysToControl(value[i]);
      if (found !== null) return [String(i), ...found];
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (CONTROL.test(key)) return [key];
      const found = keysToControl((value as Record<string, unknown>)[key]);
      if (found !== null) return [key, ...found];
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
