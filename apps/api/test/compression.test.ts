import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, build, signup } from './helper.ts';
import { chapterId, library, report, storyId } from './story-helpers.ts';

const { app } = await build();
/** What Chromium sends with every request. */
const BROWSER = 'gzip, deflate, br, zstd';

const decoded = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
  const encoding = res.headers['content-encoding'];
  const bytes =
    encoding === 'br'
      ? brotliDecompressSync(res.rawPayload)
      : encoding === 'gzip'
        ? gunzipSync(res.rawPayload)
        : res.rawPayload;
  return JSON.parse(bytes.toString('utf8')) as unknown;
};

describe('compressed answers', () => {
  it('sends a kept answer compressed in the encoding the client prefers, the same JSON in each', async () => {
    const { tokens } = await signup(app);
    const url = '/api/billing/plans/?country_code=BR';
    const plain = await app.inject({ url, headers: bearer(tokens) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Whether it is compressed depends on the request: a cache must keep the two apart.
    expect(plain.headers.vary).toContain('accept-encoding');
    const offers = plain.json() as unknown[];
    expect(offers).toHaveLength(6);

    for (const [accepted, encoding] of [
      [BROWSER, 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['identity', undefined],
      ['zstd', undefined],
    ] as const) {
      const res = await app.inject({ url, headers: { ...bearer(tokens), 'accept-encoding': accepted } });
      expect(res.statusCode, accepted).toBe(200);
      expect(res.headers['content-encoding'], accepted).toBe(encoding);
      expect(res.headers.vary, accepted).toContain('accept-encoding');
      expect(Number(res.headers['content-length']), accepted).toBe(res.rawPayload.length);
      expect(decoded(res), accepted).toEqual(offers);
    }
    const br = await app.inject({ url, headers: { ...bearer(tokens), 'accept-encoding': BROWSER } });
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('sends what changes with the answer, compressed anew', async () => {
    const { tokens } = await signup(app);
    const headers = { ...bearer(tokens), 'accept-encoding': BROWSER };
    const url = '/api/billing/plans/?country_code=US';
    const before = decoded(await app.inject({ url, headers })) as Array<{ currency: string }>;
    expect(before.every((offer) => offer.currency === 'USD')).toBe(true);
    const brazil = decoded(
      await app.inject({ url: '/api/billing/plans/?country_code=BR', headers }),
    ) as Array<{ currency: string }>;
    expect(brazil.every((offer) => offer.currency === 'BRL')).toBe(true);
  });

  it('sends a small answer, and one built for this request alone, as they are', async () => {
    const { tokens } = await signup(app);
    const headers = { ...bearer(tokens), 'accept-encoding': BROWSER };
    const me = await app.inject({ url: '/api/auth/me/', headers });
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.headers.vary ?? '').not.toContain('accept-encoding');

    const story = await app.inject({ url: `/api/stories/${storyId(library[0]!.slug)}/`, headers });
    expect(story.statusCode).toBe(200);
    expect(story.rawPayload.length).toBeGreaterThan(1024);
    expect(story.headers['content-encoding']).toBeUndefined();
    expect(story.json()).toHaveProperty('chapters');
  });

  it('revalidates a compressed chapter by its weak tag, and sends it again once progress moves', async () => {
    const slug = library.find((s) => s.free && s.chapters[0]!.pages.length >= 2)!.slug;
    const { tokens } = await signup(app, { locale: 'en' });
    const url = `/api/chapters/${chapterId(slug, 1)}/`;
    const headers = { ...bearer(tokens), 'accept-encoding': BROWSER };
    const plain = await app.inject({ url, headers: bearer(tokens) });
    const strong = plain.headers.etag as string;
    expect(strong).toMatch(/^".+"$/);

    const opened = await app.inject({ url, headers });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-encoding']).toBe('br');
    expect(opened.headers.etag).toBe(`W/${strong}`);
    expect(decoded(opened)).toEqual(plain.json());

    for (const tag of [`W/${strong}`, strong, `"other", W/${strong}`, '*']) {
      const again = await app.inject({ url, headers: { ...headers, 'if-none-match': tag } });
      expect(again.statusCode, tag).toBe(304);
      expect(again.body, tag).toBe('');
      // What the 200 it stands for would have said: a cache keeps the compressed copy's validator.
      expect(again.headers.etag, tag).toBe(`W/${strong}`);
      expect(again.headers.vary, tag).toContain('accept-encoding');
    }
    const plainAgain = await app.inject({ url, headers: { ...bearer(tokens), 'if-none-match': strong } });
    expect(plainAgain.statusCode).toBe(304);
    expect(plainAgain.headers.etag).toBe(strong);
    const other = await app.inject({ url, headers: { ...headers, 'if-none-match': 'W/"other"' } });
    expect(other.statusCode).toBe(200);

    await report(app, tokens, chapterId(slug, 1), { page: 1 });
    const moved = await app.inject({ url, headers: { ...headers, 'if-none-match': `W/${strong}` } });
    expect(moved.statusCode).toBe(200);
    expect(decoded(moved)).toMatchObject({ pages_completed: 1, current_page: 2 });
  });
});

describe('the web build', () => {
  const web = mkdtempSync(join(tmpdir(), 'lendo-web-'));
  afterAll(() => rmSync(web, { recursive: true, force: true }));
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
  const html =
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head></html>';
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), html);
  // As the build leaves them (apps/web/vite.config.ts): each text file beside its .br and .gz.
  writeFileSync(join(web, 'assets', 'app.js'), script);
  writeFileSync(join(web, 'assets', 'app.js.br'), brotliCompressSync(script));
  writeFileSync(join(web, 'assets', 'app.js.gz'), gzipSync(script));

  it('sends each file in the encoding the browser takes, or as it is', async () => {
    const { app: served } = await build({ WEB_DIST: web });
    const url = '/assets/app.js';
    for (const [accepted, encoding, decode] of [
      [BROWSER, 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      [undefined, undefined, (bytes: Buffer) => bytes],
    ] as const) {
      const res = await served.inject({
        url,
        headers: accepted ? { 'accept-encoding': accepted } : {},
      });
      expect(res.statusCode, accepted).toBe(200);
      expect(res.headers['content-encoding'], accepted).toBe(encoding);
      expect(res.headers['content-type'], accepted).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers['cache-control'], accepted).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary, accepted).toContain('accept-encoding');
      expect(decode(res.rawPayload).toString('utf8'), accepted).toBe(script);
    }

    // A route of the app gets index.html, which has no compressed copy (under 1 KB): as it is.
    const page = await served.inject({
      url: '/login',
      headers: { accept: 'text/html', 'accept-encoding': BROWSER },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body).toBe(html);
  });
});
