import { createHash, createSecretKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from './clock.ts';
import { lruMap } from './lru.ts';

/** Verified access tokens remembered, at most; a few hundred bytes each. */
const VERIFIED_TOKENS = 10_000;

/** A random opaque token (refresh tokens, reset links); only its hash is stored. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The access-token secret: the configured one, or (embedded mode) one generated on first start
 * and kept in the data folder so sessions survive a restart.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Who an access token speaks for: the user, and the session (refresh-token family) it belongs to. */
export interface AccessSession {
  userId: string;
  sessionId: string;
}

export function createAccessTokens(secret: string, ttlSeconds: number, clock: Clock) {
  // One key object for the process: jose would otherwise convert the raw secret on every call.
  const key = createSecretKey(Buffer.from(secret));
  /**
   * Tokens that passed verification, with their user and expiry (ms): a client sends the same
   * token with every request for its whole life, and checking the signature each time is costly.
   * Only valid tokens are remembered, and none past its `exp`.
   */
  const verified = lruMap<string, { session: AccessSession; expiresAt: number }>(VERIFIED_TOKENS);
  return {
    /** How long an access token lives. */
    ttlSeconds,
    /** An access token of the user's session `sessionId` (its refresh-token family). */
    async sign(userId: string, sessionId: string): Promise<string> {
      const iat = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ typ: 'access', sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    /** The user and session of a valid token, or null for anything expired, forged or malformed. */
    async verify(token: string): Promise<AccessSession | null> {
      const now = clock.now();
      const known = verified.get(token);
      // jose refuses a token once its exp (whole seconds) is not after now: the same test in ms.
      if (known) return now.getTime() < known.expiresAt ? known.session : null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
          return null;
        }
        const session = { userId: payload.sub, sessionId: payload.sid };
        if (payload.exp !== undefined) verified.set(token, { session, expiresAt: payload.exp * 1000 });
        return session;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
