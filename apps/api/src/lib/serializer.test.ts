import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.ts';

const schema = z.object({ name: z.string(), tags: z.array(z.string()), at: z.date().nullable() });
const compile = () =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (
    data: unknown,
  ) => string | Buffer;

describe('the response serializer', () => {
  it('writes the declared properties only, dates as JSON does', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(JSON.parse(String(compile()({ name: 'a', tags: ['x'], at, secret: 's' })))).toEqual({
      name: 'a',
      tags: ['x'],
      at: at.toISOString(),
    });
  });

  it('writes a frozen answer once and sends the same bytes again; anything else is written anew', () => {
    const write = compile();
    let reads = 0;
    const frozen = Object.freeze({
      get name() {
        reads += 1;
        return 'a';
      },
      tags: Object.freeze(['x']),
      at: null,
    });
    const first = write(frozen);
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(write(frozen)).toBe(first);
    expect(reads).toBe(1);
    const open = { name: 'a', tags: ['x'], at: null };
    expect(write(open)).toBe(String(first));
    open.name = 'b';
    expect(JSON.parse(String(write(open))).name).toBe('b');
  });
});
