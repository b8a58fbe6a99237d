import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessTokens } from './tokens.ts';
import { unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    userId: string;
  }
  interface FastifyInstance {
    /** onRequest hook of routes that need a signed-in user (before any body is read); sets request.userId. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

export interface AuthGuardOptions {
  accessTokens: AccessTokens;
  /**
   * Whether a token of this user and session still counts: false once the account is deactivated
   * or deleted, or the session was signed out or revoked, so a token issued before stops working
   * at once rather than when it expires.
   */
  isActive(userId: string, sessionId: string): Promise<boolean>;
}

export const authGuard = fp(async (app: FastifyInstance, opts: AuthGuardOptions) => {
  app.decorateRequest('userId', '');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const session = token ? await opts.accessTokens.verify(token) : null;
    if (!session || !(await opts.isActive(session.userId, session.sessionId))) throw unauthorized();
    request.userId = session.userId;
  });
});
