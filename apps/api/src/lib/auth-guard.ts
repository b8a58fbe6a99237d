import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessTokens } from './tokens.ts';
import { unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    userId: string;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user; sets request.userId. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

export const authGuard = fp(async (app: FastifyInstance, opts: { accessTokens: AccessTokens }) => {
  app.decorateRequest('userId', '');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const userId = token ? await opts.accessTokens.verify(token) : null;
    if (!userId) throw unauthorized();
    request.userId = userId;
  });
});
