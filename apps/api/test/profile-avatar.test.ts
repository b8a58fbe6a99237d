import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@lendo/shared';
import { bearer, build, signup } from './helper.ts';
import { JPEG, PNG } from './images.ts';

const { app, config } = await build();

/** A PNG's signature followed by `size` bytes in all. */
const pngOfSize = (size: number) => Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(size - 8)]);

const upload = (tokens: { access: string }, avatar: string, extension = 'png') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/update-avatar/',
    headers: bearer(tokens),
    payload: { avatar, extension },
  });
const me = async (tokens: { access: string }) =>
  (await app.inject({ url: '/api/auth/me/', headers: bearer(tokens) })).json();
const avatarFiles = (userId: string) => {
  const dir = join(config.DATA_DIR, 'files', 'avatars', userId);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('POST /auth/update-avatar/', () => {
  it('stores a PNG sent as a data URL and serves it with long-lived caching', async () => {
    const { tokens } = await signup(app);
    const res = await upload(tokens, `data:image/png;base64,${PNG.toString('base64')}`);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().avatar_url;
    expect(url).toMatch(/^\/api\/files\/avatars\/[0-9a-f-]{36}\/[0-9a-f]{64}\.png$/);
    expect((await me(tokens)).avatar_url).toBe(url);

    const image = await app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('names the file by what the bytes are, not by the extension given', async () => {
    const { tokens } = await signup(app);
    const res = await upload(tokens, JPEG.toString('base64'), 'png');
    expect(res.statusCode).toBe(200);
    expect(res.json().avatar_url).toMatch(/\.jpg$/);
    const image = await app.inject({ url: res.json().avatar_url });
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it('replaces the previous image, whose file is removed', async () => {
    const { tokens } = await signup(app);
    const first = (await upload(tokens, PNG.toString('base64'))).json();
    const second = (await upload(tokens, JPEG.toString('base64'), 'jpg')).json();
    expect(second.avatar_url).not.toBe(first.avatar_url);
    expect((await app.inject({ url: first.avatar_url })).statusCode).toBe(404);
    expect((await app.inject({ url: second.avatar_url })).statusCode).toBe(200);
    expect(avatarFiles(second.id)).toHaveLength(1);
  });

  it('rejects an HTML file renamed .png, and other types, changing nothing', async () => {
    const { tokens } = await signup(app);
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>').toString('base64');
    const res = await upload(tokens, html, 'png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The image must be a JPEG or PNG file.',
      code: 'profile.image-type',
      fields: { avatar: 'profile.image-type' },
    });
    const gif = await upload(tokens, Buffer.from('GIF89a....').toString('base64'), 'gif');
    expect(gif.statusCode).toBe(400);
    expect(gif.json().fields).toEqual({ extension: 'profile.image-type' });
    expect((await upload(tokens, '')).json().fields).toEqual({ avatar: 'error.required' });
    const user = await me(tokens);
    expect(user.avatar_url).toBeNull();
    expect(avatarFiles(user.id)).toEqual([]);
  });

  it('takes an image of exactly 10 MB', async () => {
    const { tokens } = await signup(app);
    const res = await upload(tokens, pngOfSize(AVATAR_MAX_BYTES).toString('base64'));
    expect(res.statusCode).toBe(200);
  });

  it('refuses an image over 10 MB with the image error, whether or not the body fits', async () => {
    const { tokens } = await signup(app);
    const tooLarge = {
      message: 'The image must have a maximum of 10MB.',
      code: 'profile.image-too-large',
      fields: { avatar: 'profile.image-too-large' },
    };
    const justOver = await upload(tokens, pngOfSize(AVATAR_MAX_BYTES + 1).toString('base64'));
    expect(justOver.statusCode).toBe(413);
    expect(justOver.json()).toEqual(tooLarge);
    const elevenMb = await upload(tokens, pngOfSize(11 * 1024 * 1024).toString('base64'));
    expect(elevenMb.statusCode).toBe(413);
    expect(elevenMb.json()).toEqual(tooLarge);
    expect((await me(tokens)).avatar_url).toBeNull();
  });

  it('keeps the usual 1 MB limit on other routes', async () => {
    const { tokens } = await signup(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/update-user/',
      headers: bearer(tokens),
      payload: { name: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('error.payload-too-large');
  });

  it('needs a signed-in user', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/update-avatar/',
      payload: { avatar: PNG.toString('base64'), extension: 'png' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /auth/clear-avatar/', () => {
  it('removes the image and its file, and touches no one else', async () => {
    const a = await signup(app);
    const b = await signup(app);
    const mine = (await upload(a.tokens, PNG.toString('base64'))).json().avatar_url;
    const theirs = (await upload(b.tokens, PNG.toString('base64'))).json().avatar_url;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/clear-avatar/',
      headers: bearer(a.tokens),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().avatar_url).toBeNull();
    expect((await app.inject({ url: mine })).statusCode).toBe(404);
    expect((await me(b.tokens)).avatar_url).toBe(theirs);
    expect((await app.inject({ url: theirs })).statusCode).toBe(200);
  });
});

describe('GET /files/avatars/', () => {
  it('answers 404 for unknown files and for names it would never give', async () => {
    const { tokens } = await signup(app);
    const url: string = (await upload(tokens, PNG.toString('base64'))).json().avatar_url;
    const folder = url.slice(0, url.lastIndexOf('/'));
    for (const path of [
      `${folder}/${'0'.repeat(64)}.png`,
      `${folder}/..%2F..%2F..%2Fjwt-secret`,
      `${folder}/${url.slice(url.lastIndexOf('/') + 1, -4)}.gif`,
      '/api/files/avatars/not-a-uuid/x.png',
    ]) {
      const res = await app.inject({ url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code).toBe('error.not-found');
    }
  });
});
