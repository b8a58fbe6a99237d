import Fastify from 'fastify';
import { z } from 'zod';
import { dictionaryApp } from './app.ts';
import { DEFAULT_DATA_DIR } from './dictionary.ts';

// The dictionary on its own port (production runs several behind a load balancer).
const parsed = z
  .object({
    DICTIONARY_PORT: z.coerce.number().int().min(1).max(65535).default(3100),
    HOST: z.string().min(1).default('0.0.0.0'),
    DICT_DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .safeParse(process.env);
if (!parsed.success) {
  console.error(`invalid configuration:\n${z.prettifyError(parsed.error)}`);
  process.exit(1);
}
const env = parsed.data;

// Long words must reach the route's validation (a clear 400), not the router's length limit.
const app = Fastify({ logger: { level: env.LOG_LEVEL }, routerOptions: { maxParamLength: 1000 } });
await app.register(dictionaryApp, { dataDir: env.DICT_DATA_DIR });
await app.listen({ port: env.DICTIONARY_PORT, host: env.HOST });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
