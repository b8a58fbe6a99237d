import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { bearer, build, signup } from './helper.ts';

const { app } = await build();
const errorShape = { message: expect.any(String), code: expect.any(String) };

/** Sends raw bytes to a listening server and returns the whole answer. */
async function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

describe('security headers', () => {
  it('sends a strict CSP, nosniff, no framing and no referrer; no HSTS on http; CORS closed', async () => {
    const res = await app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('stripe');
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const notFound = await app.inject({ url: '/api/nothing/' });
    expect(notFound.headers['content-security-policy']).toBe(csp);
  });

  it('adds HSTS on https, Stripe’s origins with Stripe, and CORS for the configured origins', async () => {
    const { app: https } = await build({
      APP_URL: 'https://lendo.example',
      CORS_ORIGINS: ['https://partner.example'],
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
    });
    const res = await https.inject({ url: '/api/health', headers: { origin: 'https://partner.example' } });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
    const other = await https.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the server’s own errors', () => {
  it('answers bad percent-encoding (400), an overlong path parameter (414) and oversize headers (431) in the error shape', async () => {
    const badUrl = await app.inject({ url: '/api/stories/%E0%A4%A/' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ message: 'The request is not valid.', code: 'error.validation' });
    const long = await app.inject({ url: `/api/stories/${'a'.repeat(1200)}/` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'The address is too long.', code: 'error.uri-too-long' });

    const { app: listening } = await build();
    await listening.listen({ port: 0, host: '127.0.0.1' });
    const { port } = listening.server.address() as { port: number };
    const big = await raw(
      port,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    expect(big).toMatch(/^HTTP\/1.1 431 /);
    expect(bodyOf(big)).toEqual({
      message: 'The request headers are too large.',
      code: 'error.headers-too-large',
    });
    const garbage = await raw(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1.1 400 /);
    expect(bodyOf(garbage)).toMatchObject(errorShape);
  });
});

describe('text with control characters', () => {
  it('is refused with 400 wherever it comes: body, query or path, and nothing changes', async () => {
    const { tokens } = await signup(app);
    const headers = bearer(tokens);
    const deck = await app.inject({
      method: 'POST',
      url: '/api/deck/decks/',
      headers,
      payload: { name: 'Viagem\u0000', language: 'en' },
    });
    expect(deck.statusCode).toBe(400);
    expect(deck.json()).toEqual({
      message: 'Text may not contain control characters.',
      code: 'error.control-characters',
      fields: { name: 'error.control-characters' },
    });
    const search = await app.inject({ url: '/api/stories/?search=fr%00og', headers });
    expect(search.statusCode).toBe(400);
    expect(search.json().fields).toEqual({ search: 'error.control-characters' });
    const word = await app.inject({ url: '/dict/v1/en/words/ca%00t' });
    expect(word.statusCode).toBe(400);
    const decks = await app.inject({ url: '/api/deck/decks/', headers });
    expect(decks.json().map((d: { name: string }) => d.name)).not.toContain('Viagem\u0000');
    // Tabs and line breaks are text.
    const fine = await app.inject({
      method: 'POST',
      url: '/api/deck/decks/',
      headers,
      payload: { name: 'Two\tparts', description: 'line one\nline two', language: 'en' },
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });
});

describe('signed-in routes', () => {
  it('check the token before reading a body', async () => {
    const huge = JSON.stringify({ avatar: 'x'.repeat(5_000_000), extension: 'png' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/update-avatar/',
      headers: { 'content-type': 'application/json' },
      payload: huge,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Authentication is required.', code: 'error.unauthorized' });
  });
});

describe('logs', () => {
  it('never carry tokens: the social callback’s query and token parameters are redacted', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await build({}, { logger: { level: 'info', stream } });
    const secret = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.c2lnbmF0dXJl';
    await logged.app.inject({ url: `/social-callback?token=${secret}&refresh=r3fr35h-${secret}` });
    await logged.app.inject({ url: `/confirm-email?token=${secret}` });
    await logged.app.inject({ url: `/api/auth/google/callback/?code=${secret}&state=${secret}` });
    const log = lines.join('\n');
    expect(log).toContain('/social-callback?[redacted]');
    expect(log).toContain('/confirm-email?token=[redacted]');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('r3fr35h');
  });
});

describe('operations', () => {
  it('tells a load balancer when the API is ready: database and dictionary answering', async () => {
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', dictionary: 'ok' });

    const { app: cut } = await build({ DICTIONARY_URL: 'http://127.0.0.1:9' });
    const notReady = await cut.inject({ url: '/api/ready' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({
      message: 'The service is not ready yet.',
      code: 'error.not-ready',
      fields: { dictionary: 'error.not-ready' },
    });
    // Health is about the process and its database only.
    expect((await cut.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('publishes Prometheus metrics to a scraper with the token, and to no one else', async () => {
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    const token = 'scraper-token-0123456789';
    const { app: measured } = await build({ METRICS_TOKEN: token });
    const { tokens } = await signup(measured);
    await measured.inject({ url: '/api/health' });
    await measured.inject({ url: `/api/stories/${crypto.randomUUID()}/`, headers: bearer(tokens) });
    const refused = await measured.inject({ url: '/metrics' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Authentication is required.', code: 'error.unauthorized' });
    expect(
      (await measured.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode,
    ).toBe(401);
    const res = await measured.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(
      /lendo_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1/,
    );
    expect(res.body).toContain(
      'lendo_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health"}',
    );
    expect(res.body).toContain('route="/api/stories/:id/",status="404"');
    expect(res.body).toMatch(/lendo_db_pool_connections\{state="total"\} \d+/);
    expect(res.body).toContain('lendo_nodejs_eventloop_lag_seconds');
  });
});

describe('writes racing a deletion', () => {
  it('answer 404, never 500', async () => {
    const { tokens } = await signup(app);
    const headers = bearer(tokens);
    await app.inject({
      method: 'POST',
      url: '/api/auth/onboarding/',
      headers,
      payload: { language: 'en', proficiency: 'beginner', motivation: 'travel' },
    });
    for (let round = 0; round < 3; round += 1) {
      const deck = await app.inject({
        method: 'POST',
        url: '/api/deck/decks/',
        headers,
        payload: { name: `Doomed ${round}`, language: 'en' },
      });
      const { id } = deck.json() as { id: string };
      const writes = Array.from({ length: 12 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: `/api/deck/decks/${id}/flashcards/`,
          headers,
          payload: { front: `front ${round} ${i}`, back: `back ${i}` },
        }),
      );
      const deletion = app.inject({ method: 'DELETE', url: `/api/deck/decks/${id}/`, headers });
      const answers = await Promise.all([...writes.slice(0, 6), deletion, ...writes.slice(6)]);
      for (const res of answers) {
        expect([201, 204, 404], res.body).toContain(res.statusCode);
        if (res.statusCode === 404)
          expect(res.json()).toEqual({ message: 'Not found.', code: 'error.not-found' });
      }
    }
  });
});
