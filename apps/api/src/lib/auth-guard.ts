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
   * Whether a user's tokens still count: false once the account is deactivated or deleted, so a
   * token issued before stops working at once rather than when it expires.
   */
  isActive(userId: string): Promise<boolean>;
}

export const authGuard = fp(async (app: FastifyInstance, opts: AuthGuardOptions) => {
  app.decorateRequest('userId', '');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const userId = token ? await opts.accessTokens.verify(token) : null;
    if (!userId || !(await opts.isActive(userId))) throw unauthorized();
    request.userId = userId;
  });
});
