import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from './errors.ts';

/**
 * A preHandler that limits attempts per client IP and per account (the email in the body),
 * so neither one address nor one targeted account can be hammered.
 */
export function authRateLimit(app: FastifyInstance, options: { max: number; windowSeconds: number }) {
  const common = { max: options.max, timeWindow: options.windowSeconds * 1000 };
  const byIp = app.createRateLimit({ ...common, keyGenerator: (req) => `auth-ip:${req.ip}` });
  const byAccount = app.createRateLimit({
    ...common,
    keyGenerator: (req) =>
      `auth-account:${String((req.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
  });
  return async (request: FastifyRequest) => {
    const [ip, account] = await Promise.all([byIp(request), byAccount(request)]);
    if ((!ip.isAllowed && ip.isExceeded) || (!account.isAllowed && account.isExceeded))
      throw tooManyRequests();
  };
}
