import type { FastifyPluginAsync } from 'fastify';

/**
 * The dictionary service: read-only word data, never authenticated. Mounted under /dict by the
 * all-in-one server, or run on its own port by `server.ts`.
 */
export const dictionaryApp: FastifyPluginAsync = async (app) => {
  app.get('/health', async () => ({ status: 'ok', service: 'dictionary' }));
};
