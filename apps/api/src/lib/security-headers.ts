import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
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
 * https, and CORS closed unless origins are configured.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const stripe = (list: string[]) => (options.stripe ? list : []);
  const https = options.appUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...stripe(STRIPE.script)],
        // React and the components set style attributes; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...stripe(STRIPE.img)],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe(STRIPE.connect)],
        frameSrc: options.stripe ? STRIPE.frame : ["'none'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    // The Google sign-in and Stripe pages open in the same window; nothing relies on openers.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
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
