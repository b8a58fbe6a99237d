import { afterAll, describe, expect, it } from 'vitest';
import { createSpeechPool } from './speech-pool.ts';

describe('createSpeechPool', () => {
  const pool = createSpeechPool({ size: 2 });
  afterAll(() => pool.close());

  it('synthesizes queued texts on its workers and returns WAV files', async () => {
    const texts = ['Um.', 'Dois.', 'Três.', 'Quatro.', 'Cinco.'];
    const files = await Promise.all(texts.map((text) => pool.synthesize(text, 'pt-br')));
    for (const wav of files)
      expect(wav.toString('ascii', 0, 4) + wav.toString('ascii', 8, 12)).toBe('RIFFWAVE');
  });

  it('reads text that starts with a dash as text, not as an option', async () => {
    const wav = await pool.synthesize('-v xx --help', 'en-us');
    expect(wav.length).toBeGreaterThan(10_000);
  });

  it('fails a job with an unknown voice and goes on serving the next ones', async () => {
    await expect(pool.synthesize('Hello', 'nope')).rejects.toThrow(/voice does not exist/);
    await expect(pool.synthesize('Hello', 'en-us')).resolves.toBeInstanceOf(Buffer);
  });

  it('replaces a worker that takes too long', async () => {
    const impatient = createSpeechPool({ size: 1, jobTimeoutMs: 1 });
    await expect(impatient.synthesize('Hello', 'en-us')).rejects.toThrow(/no audio within 1 ms/);
    await impatient.close();
  });

  it('refuses work once closed', async () => {
    const closing = createSpeechPool({ size: 1 });
    const queued = closing.synthesize('Hello', 'en-us');
    await closing.close();
    await expect(queued).rejects.toThrow(/closed/);
    await expect(closing.synthesize('Hello', 'en-us')).rejects.toThrow(/closed/);
  });
});
