import type { FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { examplesQuery, examplesResult, lemmaResult, wordParams, wordRecord } from '@lendo/shared';
import { z } from 'zod';
import { DEFAULT_DATA_DIR, loadDictionary } from './dictionary.ts';
import { registerErrorHandling } from './errors.ts';

export interface DictionaryAppOptions {
  /** The store folder; the all-in-one server passes $DATA_DIR/dictionary. */
  dataDir?: string;
}

/**
 * The dictionary service: read-only word data, never authenticated. Mounted under /dict by the
 * all-in-one server, or run on its own port by `server.ts`. Registering it loads the store,
 * building it first when it is missing or out of date.
 */
export const dictionaryApp: FastifyPluginAsync<DictionaryAppOptions> = async (
  app,
  { dataDir = DEFAULT_DATA_DIR },
) => {
  const dictionary = await loadDictionary(dataDir, { log: (message) => app.log.info(message) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/health',
    {
      schema: { response: { 200: z.object({ status: z.literal('ok'), service: z.literal('dictionary') }) } },
    },
    async () => ({ status: 'ok' as const, service: 'dictionary' as const }),
  );
  routes.get(
    '/v1/:language/words/:word',
    { schema: { params: wordParams, response: { 200: wordRecord } } },
    async ({ params }) => dictionary.lookup(params.language, params.word),
  );
  routes.get(
    '/v1/:language/lemmas/:word',
    { schema: { params: wordParams, response: { 200: lemmaResult } } },
    async ({ params }) => dictionary.lemmas(params.language, params.word),
  );
  routes.get(
    '/v1/:language/examples/:word',
    { schema: { params: wordParams, querystring: examplesQuery, response: { 200: examplesResult } } },
    async ({ params, query }) => dictionary.examples(params.language, params.word, query.limit),
  );
};
