import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, errorMessage, type ErrorResponse } from '@lendo/shared';

const body = (code: string, fields?: Record<string, string>): ErrorResponse =>
  fields ? { message: errorMessage(code), code, fields } : { message: errorMessage(code), code };

const knownCode = (code: string | undefined) =>
  code && code in ERROR_MESSAGES ? code : 'error.invalid-value';

/**
 * The dictionary's own small error handler, in the shape every Lendo service answers with
 * ({message, code, fields?}), so that it runs without the API. Bad input is a 400 naming the field;
 * nothing here is worth a stack trace to the client.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, '') || (error.validationContext ?? 'params');
        fields[name] ??= knownCode(issue.message);
      }
      return reply.status(400).send(body(Object.values(fields)[0]!, fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(body('error.validation'));
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(body('error.unexpected'));
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(body('error.not-found')));
}
