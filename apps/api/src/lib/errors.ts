import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, errorMessage, type ErrorCode, type ErrorResponse } from '@lendo/shared';
import { ClientGone } from './client-gone.ts';

/** An error the API answers with on purpose: a status, a translation key and optional field codes. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
    /** Words of another party to show as they are (a card processor's decline message). */
    message?: string,
  ) {
    super(message ?? errorMessage(code));
  }
}

export const badRequest = (code: ErrorCode, fields?: Record<string, string>) =>
  new AppError(400, code, fields);
export const unauthorized = (code: ErrorCode = 'error.unauthorized') => new AppError(401, code);
export const notFound = () => new AppError(404, 'error.not-found');
export const conflict = (code: ErrorCode, fields?: Record<string, string>) => new AppError(409, code, fields);
export const tooManyRequests = () => new AppError(429, 'error.too-many-requests');
/** A service we depend on failed; `cause` is logged, never shown. */
export const serviceUnavailable = (code: ErrorCode, cause?: unknown) =>
  Object.assign(new AppError(503, code), { cause });

const isKnownCode = (code: string): code is ErrorCode => code in ERROR_MESSAGES;

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'error.validation',
  401: 'error.unauthorized',
  403: 'error.forbidden',
  404: 'error.not-found',
  409: 'error.conflict',
  408: 'error.request-timeout',
  413: 'error.payload-too-large',
  414: 'error.uri-too-long',
  431: 'error.headers-too-large',
  429: 'error.too-many-requests',
};

export function errorBody(code: ErrorCode, fields?: Record<string, string>): ErrorResponse {
  return fields ? { message: errorMessage(code), code, fields } : { message: errorMessage(code), code };
}

/** PostgreSQL's foreign_key_violation (23503), as node-postgres or drizzle (its cause) report it. */
function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
}

/** Answers every failure in the shape of DESIGN §4; unexpected errors are logged, never shown. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Nobody is left to read an answer (nginx's 499 says so in the log).
    if (error instanceof ClientGone) return reply.status(499).send();
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
      return reply
        .status(error.statusCode)
        .send({ ...errorBody(error.code, error.fields), message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
        const message = issue.message ?? '';
        fields[name] ??= isKnownCode(message)
          ? message
          : issue.keyword === 'invalid_type' && (issue.params as { input?: unknown }).input === undefined
            ? 'error.required'
            : 'error.invalid-value';
      }
      const first = Object.values(fields)[0] as ErrorCode;
      // An id that cannot name anything (its schema answers error.not-found) is simply not found.
      if (first === 'error.not-found') return reply.status(404).send(errorBody(first));
      return reply.status(400).send({ ...errorBody(first, fields), message: errorMessage(first) });
    }
    // A write that raced a deletion (the deck, story or account it points at is gone): not found.
    if (isForeignKeyViolation(error)) return reply.status(404).send(errorBody('error.not-found'));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large…
      return reply.status(status).send(errorBody(STATUS_CODES[status] ?? 'error.validation'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody('error.unexpected'));
  });
}

/** Errors of the router before any route (bad percent-encoding 400, a path parameter too long 414). */
export function frameworkErrorHandler(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const status = error.statusCode === 414 ? 414 : 400;
  return reply.status(status).send(errorBody(STATUS_CODES[status] ?? 'error.validation'));
}

/**
 * Errors of Node's HTTP parser, before Fastify sees a request (headers too large 431, a request
 * that never arrives 408, anything malformed 400): answered in the error shape, then closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(errorBody(STATUS_CODES[status] ?? 'error.validation'));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES_TEXT[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
const STATUS_CODES_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Unknown paths get a 404 in the error shape. `spaShell`, when given, answers GETs for client-side
 * routes (anything outside /api and /dict that asks for HTML) with the web app instead.
 */
export function registerNotFound(app: FastifyInstance, spaShell?: (reply: FastifyReply) => FastifyReply) {
  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(api|dict)(\/|$)/.test(request.url);
    if (spaShell && request.method === 'GET' && !isApi && request.headers.accept?.includes('text/html')) {
      return spaShell(reply);
    }
    return reply.status(404).send(errorBody('error.not-found'));
  });
}
