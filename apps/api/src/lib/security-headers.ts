import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** The public address: HSTS is sent when it is https. */
  appUrl: string;
  /** Card fields come from Stripe.js when Stripe is configured: its origins are allowed then only. */
  stripe: boolean;
  /** Origins allowed to call the API from a browser (CORS); none by default. */
  corsOrigins: string[];
}

const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/**
 * The headers every answer carries: a strict content security policy for the web app (no inline
 * or foreign scripts; Stripe's origins only with Stripe), nosniff, no framing, no referrer, HSTS on
 * https (helmet's set), and CORS closed unless origins are configured. They never change while the
 * server runs, so they are written once and set in one hook: @fastify/helmet, which built them on
 * every request, halved the throughput of the small cached answers.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const stripe = (list: string[]) => (options.stripe ? list : []);
  const https = options.appUrl.startsWith('https:');
  const policy: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...stripe(STRIPE.script)],
    // React and the components set style attributes; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...stripe(STRIPE.img)],
    'media-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...stripe(STRIPE.connect)],
    'frame-src': options.stripe ? STRIPE.frame : ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
  const headers: Record<string, string> = {
    'content-security-policy': Object.entries(policy)
      .map(([name, values]) => [name, ...values].join(' '))
      .join(';'),
    // The Google sign-in and Stripe pages open in the same window; nothing relies on openers.
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  if (options.corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: options.corsOrigins,
      credentials: false,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'x-request-id'],
      exposedHeaders: ['x-request-id'],
    });
  }
}
