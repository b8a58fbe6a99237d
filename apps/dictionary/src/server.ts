import Fastify from 'fastify';
import { dictionaryApp } from './app.ts';

const port = Number(process.env.DICTIONARY_PORT ?? 3100);
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
await app.register(dictionaryApp);
await app.listen({ port, host: process.env.HOST ?? '0.0.0.0' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
