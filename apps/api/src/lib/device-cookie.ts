import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const NAME = 'lendo_device';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

const emailKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/**
 * A browser that signed in to an account before: a signed, HttpOnly cookie naming (a hash of) the
 * account's email. Sign-in throttling trusts it, so attempts from elsewhere never lock the owner out.
 */
export function deviceCookies(secret: string, { secure }: { secure: boolean }) {
  const sign = (key: string) => createHmac('sha256', `device:${secret}`).update(key).digest('base64url');
  return {
    /** Remembers this browser as one the account's owner uses. */
    remember(reply: FastifyReply, email: string) {
      const key = emailKey(email);
      reply.header(
        'set-cookie',
        `${NAME}=${key}.${sign(key)}; Max-Age=${YEAR_SECONDS}; Path=/api/auth/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
      );
    },
    /** Whether the request comes from a browser that signed in to the account of `email` before. */
    knows(request: FastifyRequest, email: string): boolean {
      const cookie = request.headers.cookie
        ?.split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${NAME}=`));
      const [key, signature] = (cookie?.slice(NAME.length + 1) ?? '').split('.');
      if (!key || !signature || key !== emailKey(email)) return false;
      const expected = Buffer.from(sign(key));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type DeviceCookies = ReturnType<typeof deviceCookies>;
