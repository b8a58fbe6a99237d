import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from './errors.ts';

const emailOf = (req: FastifyRequest) => String((req.body as { email?: unknown })?.email ?? '').toLowerCase();

/**
 * A preHandler that limits attempts per client IP and per account, so neither one address nor one
 * targeted account can be hammered. The account is the email in the body unless `accountOf` names
 * another (the signed-in user); null counts by IP only.
 */
export function authRateLimit(
  app: FastifyInstance,
  options: { max: number; windowSeconds: number },
  accountOf: (req: FastifyRequest) => string | null = emailOf,
) {
  const common = { max: options.max, timeWindow: options.windowSeconds * 1000 };
  const byIp = app.createRateLimit({ ...common, keyGenerator: (req) => `auth-ip:${req.ip}` });
  const byAccount = app.createRateLimit({
    ...common,
    keyGenerator: (req) => `auth-account:${accountOf(req)}`,
  });
  return async (request: FastifyRequest) => {
    const account = accountOf(request);
    const [ip, forAccount] = await Promise.all([byIp(request), account === null ? null : byAccount(request)]);
    if ([ip, forAccount].some((limit) => limit && !limit.isAllowed && limit.isExceeded)) {
      throw tooManyRequests();
    }
  };
}
