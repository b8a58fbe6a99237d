import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from './errors.ts';

const emailOf = (req: FastifyRequest) => String((req.body as { email?: unknown })?.email ?? '').toLowerCase();

/** The longest an attempt on a hammered account waits before it is checked. */
const MAX_DELAY_MS = 8_000;

/**
 * A preHandler that limits attempts so that no one can be hammered:
 * - per client IP, and per (IP, account): past the limit, 429;
 * - per account, whatever the IP: past the limit, 429 too, unless `owner` is given (sign-in):
 *   then attempts from browsers the owner never signed in with are slowed down, each one more
 *   (250 ms, doubling, up to 8 s), never refused, and those from the owner's own browsers
 *   (`owner.trusted`) not at all, so others can never lock the owner out.
 * The account is the email in the body unless `accountOf` names another (the signed-in user);
 * null counts by IP only.
 */
export function authRateLimit(
  app: FastifyInstance,
  options: { max: number; windowSeconds: number },
  accountOf: (req: FastifyRequest) => string | null = emailOf,
  owner?: { trusted: (req: FastifyRequest, account: string) => boolean },
) {
  const common = { max: options.max, timeWindow: options.windowSeconds * 1000 };
  const byIp = app.createRateLimit({ ...common, keyGenerator: (req) => `auth-ip:${req.ip}` });
  const byIpAndAccount = app.createRateLimit({
    ...common,
    keyGenerator: (req) => `auth-ip-account:${req.ip}:${accountOf(req)}`,
  });
  const byAccount = app.createRateLimit({
    ...common,
    keyGenerator: (req) => `auth-account:${accountOf(req)}`,
  });
  /** How many attempts went past the account's limit lately, per account (this instance). */
  const overLimit = new Map<string, { count: number; until: number }>();
  return async (request: FastifyRequest) => {
    const account = accountOf(request);
    const ip = await byIp(request);
    const pair = account === null ? null : await byIpAndAccount(request);
    if ([ip, pair].some((limit) => limit && !limit.isAllowed && limit.isExceeded)) throw tooManyRequests();
    if (account === null || owner?.trusted(request, account)) return;
    const limit = await byAccount(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    if (!owner) throw tooManyRequests();
    const now = Date.now();
    const known = overLimit.get(account);
    const count = known && known.until > now ? known.count + 1 : 1;
    overLimit.set(account, { count, until: now + common.timeWindow });
    if (overLimit.size > 10_000) overLimit.delete(overLimit.keys().next().value!);
    await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** (count - 1), MAX_DELAY_MS)));
  };
}
