import type { FastifyRequest } from 'fastify';

/** Query parameters that carry secrets (tokens, codes): their values never reach a log line. */
const SECRET_PARAMS = new Set(['token', 'refresh', 'access', 'code', 'state', 'password']);
/** Pages whose whole query string is secret (tokens handed to the web after Google sign-in). */
const SECRET_QUERY_PATHS = ['/social-callback'];

/** The URL as logs may show it: secret parameters' values, or the whole query of some pages, replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const path = url.slice(0, at);
  if (SECRET_QUERY_PATHS.some((secret) => path === secret || path.startsWith(`${secret}/`))) {
    return `${path}?[redacted]`;
  }
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let key = name;
      try {
        key = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // A malformed name is logged as sent.
      }
      return SECRET_PARAMS.has(key.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** pino's request serializer, with the URL redacted. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
