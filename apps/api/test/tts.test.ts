import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearer, build, signup } from './helper.ts';

const { app, config } = await build();
const { tokens } = await signup(app);

interface Wav {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  dataBytes: number;
  seconds: number;
}

/** Reads a RIFF/WAVE header: the fmt chunk and the length of the data chunk. */
function parseWav(file: Buffer): Wav {
  expect(file.toString('ascii', 0, 4)).toBe('RIFF');
  expect(file.toString('ascii', 8, 12)).toBe('WAVE');
  let fmt: Omit<Wav, 'dataBytes' | 'seconds'> | undefined;
  let byteRate = 0;
  for (let at = 12; at + 8 <= file.length;) {
    const id = file.toString('ascii', at, at + 4);
    const size = file.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      expect(file.readUInt16LE(at + 8)).toBe(1); // PCM
      fmt = {
        channels: file.readUInt16LE(at + 10),
        sampleRate: file.readUInt32LE(at + 12),
        bitsPerSample: file.readUInt16LE(at + 22),
      };
      byteRate = file.readUInt32LE(at + 16);
    } else if (id === 'data') {
      expect(fmt).toBeDefined();
      const dataBytes = Math.min(size, file.length - at - 8);
      return { ...fmt!, dataBytes, seconds: dataBytes / byteRate };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

const tts = (query: Record<string, string>, auth = true) =>
  app.inject({ url: `/api/tts?${new URLSearchParams(query)}`, headers: auth ? bearer(tokens) : {} });
const fileTts = (query: Record<string, string>, headers: Record<string, string> = bearer(tokens)) =>
  app.inject({ url: `/api/file/tts/?${new URLSearchParams(query)}`, headers });
const audioPath = (url: string) => join(config.DATA_DIR, 'files', 'tts', url.split('/').at(-1)!);

describe('GET /tts', () => {
  it('synthesizes the text and points at a public, immutable WAV file', async () => {
    const res = await tts({ text: 'Eu moro em Curitiba.', language: 'pt' });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/files\/tts\/[0-9a-f]{64}\.wav$/);

    const audio = await app.inject({ url });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const wav = parseWav(audio.rawPayload);
    expect(wav).toMatchObject({ sampleRate: 22050, channels: 1, bitsPerSample: 16 });
    expect(wav.seconds).toBeGreaterThan(0.5);
    expect(wav.seconds).toBeLessThan(5);
  });

  it('gives longer audio for longer text', async () => {
    const seconds = async (text: string) => {
      const { url } = (await tts({ text, language: 'en' })).json();
      return parseWav((await app.inject({ url })).rawPayload).seconds;
    };
    const short = await seconds('Hello.');
    const long = await seconds(
      'Hello. We go to the market every Sunday, and then we walk home by the river.',
    );
    expect(long).toBeGreaterThan(short * 3);
  });

  it('serves the cached file the second time without synthesizing again', async () => {
    const text = 'Voy al trabajo en autobús.';
    const first = (await tts({ text, language: 'es' })).json().url;
    const before = await stat(audioPath(first));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = (await tts({ text: `  ${text} `, language: 'es' })).json().url;
    expect(second).toBe(first);
    const after = await stat(audioPath(second));
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(after.ino).toBe(before.ino);
  });

  it('synthesizes off the event loop: other requests are answered in the meantime', async () => {
    let spoken = false;
    const speaking = tts({
      text: 'Hoje à noite vou ficar em casa com a minha família.',
      language: 'pt',
    }).then((res) => {
      spoken = true;
      return res;
    });
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(spoken).toBe(false);
    expect((await speaking).statusCode).toBe(200);
  });

  it('reads Portuguese with one Brazilian voice, whether asked as pt or pt-br', async () => {
    const pt = (await tts({ text: 'Bom dia!', language: 'pt' })).json().url;
    const ptBr = (await tts({ text: 'Bom dia!', language: 'pt-br' })).json().url;
    expect(ptBr).toBe(pt);
    const en = (await tts({ text: 'Bom dia!', language: 'en' })).json().url;
    expect(en).not.toBe(pt);
  });

  it('rejects empty, overlong and 10 KB texts and unknown languages with a clear 400', async () => {
    const empty = await tts({ text: '   ', language: 'en' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'error.required', fields: { text: 'error.required' } });
    for (const text of ['a'.repeat(501), 'word '.repeat(2048)]) {
      const long = await tts({ text, language: 'en' });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({
        message: 'Text to read aloud may have at most 500 characters.',
        code: 'error.tts-text-too-long',
        fields: { text: 'error.tts-text-too-long' },
      });
    }
    const klingon = await tts({ text: 'Qapla!', language: 'tlh' });
    expect(klingon.statusCode).toBe(400);
    expect(klingon.json().fields).toEqual({ language: 'error.invalid-value' });
    const noLanguage = await tts({ text: 'Hello' });
    expect(noLanguage.json().fields).toEqual({ language: 'error.required' });
  });

  it('needs a signed-in user', async () => {
    expect((await tts({ text: 'Hello', language: 'en' }, false)).statusCode).toBe(401);
  });
});

describe('GET /file/tts/', () => {
  it('streams the audio with caching headers, the same bytes as the cached file', async () => {
    const query = { text: 'Hola, ¿qué tal?', language: 'es' };
    const res = await fileTts(query);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(parseWav(res.rawPayload).seconds).toBeGreaterThan(0.3);
    const { url } = (await tts(query)).json();
    expect(res.rawPayload.equals(await readFile(audioPath(url)))).toBe(true);

    const etag = String(res.headers.etag);
    const revalidated = await fileTts(query, { ...bearer(tokens), 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('rejects bad input and anonymous calls', async () => {
    expect((await fileTts({ text: 'x'.repeat(10 * 1024), language: 'en' })).json().code).toBe(
      'error.tts-text-too-long',
    );
    expect((await fileTts({ text: 'Hello', language: 'xx' })).statusCode).toBe(400);
    expect((await fileTts({ text: 'Hello', language: 'en' }, {})).statusCode).toBe(401);
  });
});

describe('GET /files/tts/:name', () => {
  it('answers 404 for unknown hashes and anything that is not a hash', async () => {
    for (const name of [
      `${'0'.repeat(64)}.wav`,
      `${'A'.repeat(64)}.wav`,
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '..%2Fdb%2FPG_VERSION',
      `${'a'.repeat(64)}.wav.part`,
    ]) {
      const res = await app.inject({ url: `/api/files/tts/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.', code: 'error.not-found' });
    }
  });
});
