import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAudio, type AudioBehaviour } from '@/testing/fake-audio';
import { ApiError, errorCodeOf } from './api-client';
import { AudioLoadError, getSpeechStatus, playSpeech, stopSpeech, subscribeToSpeech } from './speech';

const WAV_URL = '/api/files/tts/abc.wav';
const wav = () =>
  new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'Content-Type': 'audio/wav' } });
const failure = (code: string) => Response.json({ message: 'No audio.', code }, { status: 503 });

/** Replaces fetch with one answer per endpoint; records the paths called. */
function mockApi(answers: {
  tts: () => Response | Promise<Response>;
  file: () => Response | Promise<Response>;
}) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      paths.push(url.pathname);
      init.signal?.throwIfAborted();
      return url.pathname === '/api/tts' ? answers.tts() : answers.file();
    }),
  );
  return paths;
}

const lastAudio = () => FakeAudio.instances.at(-1);

describe('playSpeech', () => {
  const createObjectURL = vi.fn(() => 'blob:speech-1');
  const revokeObjectURL = vi.fn();

  beforeEach(() => {
    FakeAudio.reset();
    vi.stubGlobal('Audio', FakeAudio);
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
    localStorage.setItem('access', 'token');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    stopSpeech();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('plays the URL that GET /tts names, and reports loading, playing, then idle', async () => {
    const paths = mockApi({ tts: () => Response.json({ url: WAV_URL }), file: wav });
    const phases: string[] = [];
    const unsubscribe = subscribeToSpeech(() => phases.push(getSpeechStatus()?.phase ?? 'idle'));

    const done = playSpeech('button-1', 'went', 'en');
    expect(getSpeechStatus()).toEqual({ owner: 'button-1', phase: 'loading' });
    await vi.waitFor(() => expect(getSpeechStatus()?.phase).toBe('playing'));
    lastAudio()?.finish();
    await expect(done).resolves.toBe(true);
    unsubscribe();

    expect(paths).toEqual(['/api/tts']);
    expect(FakeAudio.instances.map((audio) => audio.src)).toEqual([WAV_URL]);
    expect(phases).toEqual(['loading', 'playing', 'idle']);
  });

  it('sends the text and language as the query string, with the bearer token', async () => {
    mockApi({ tts: () => Response.json({ url: WAV_URL }), file: wav });

    const done = playSpeech('button-1', 'Eu fui à praia.', 'pt');
    await vi.waitFor(() => expect(lastAudio()).toBeDefined());
    lastAudio()?.finish();
    await done;

    const [url, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/tts?text=Eu+fui+%C3%A0+praia.&language=pt');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer token' });
  });

  it('falls back to GET /file/tts/ when GET /tts fails, and frees the object URL after playback', async () => {
    const paths = mockApi({ tts: () => failure('error.speech-unavailable'), file: wav });

    const done = playSpeech('button-1', 'went', 'en');
    await vi.waitFor(() => expect(getSpeechStatus()?.phase).toBe('playing'));
    expect(lastAudio()?.src).toBe('blob:speech-1');
    expect(revokeObjectURL).not.toHaveBeenCalled();
    lastAudio()?.finish();
    await done;

    expect(paths).toEqual(['/api/tts', '/api/file/tts/']);
    expect(createObjectURL).toHaveBeenCalledWith(expect.objectContaining({ size: 4, type: 'audio/wav' }));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:speech-1');
    expect(getSpeechStatus()).toBeNull();
  });

  it.each<AudioBehaviour>(['errors', 'rejects'])(
    'falls back to GET /file/tts/ when the audio of GET /tts %s',
    async (behaviour) => {
      FakeAudio.behaviour = (src) => (src === WAV_URL ? behaviour : 'plays');
      const paths = mockApi({ tts: () => Response.json({ url: WAV_URL }), file: wav });

      const done = playSpeech('button-1', 'went', 'en');
      await vi.waitFor(() => expect(getSpeechStatus()?.phase).toBe('playing'));
      lastAudio()?.finish();
      await done;

      expect(paths).toEqual(['/api/tts', '/api/file/tts/']);
      expect(FakeAudio.instances.map((audio) => audio.src)).toEqual([WAV_URL, 'blob:speech-1']);
    },
  );

  it('rejects with the fallback error when neither source plays, and frees everything', async () => {
    FakeAudio.behaviour = () => 'errors';
    mockApi({ tts: () => failure('error.speech-unavailable'), file: wav });

    const error = await playSpeech('button-1', 'went', 'en').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AudioLoadError);
    expect(errorCodeOf(error, 'error.speech-unavailable')).toBe('error.speech-unavailable');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:speech-1');
    expect(getSpeechStatus()).toBeNull();
  });

  it("passes on the API's error code when both calls answer with one", async () => {
    mockApi({
      tts: () => failure('error.tts-text-too-long'),
      file: () => failure('error.tts-text-too-long'),
    });

    const error = await playSpeech('button-1', 'x'.repeat(600), 'en').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(errorCodeOf(error, 'error.speech-unavailable')).toBe('error.tts-text-too-long');
    expect(errorCodeOf(new TypeError('Failed to fetch'), 'error.speech-unavailable')).toBe(
      'error.speech-unavailable',
    );
  });

  it('never plays two sounds at once: a new playback stops the one before', async () => {
    mockApi({ tts: () => Response.json({ url: WAV_URL }), file: wav });

    const first = playSpeech('button-1', 'went', 'en');
    await vi.waitFor(() => expect(getSpeechStatus()).toEqual({ owner: 'button-1', phase: 'playing' }));
    const firstAudio = lastAudio();
    const second = playSpeech('button-2', 'go', 'en');

    await expect(first).resolves.toBe(false);
    expect(firstAudio?.paused).toBe(true);
    await vi.waitFor(() => expect(getSpeechStatus()).toEqual({ owner: 'button-2', phase: 'playing' }));
    lastAudio()?.finish();
    await expect(second).resolves.toBe(true);
    expect(getSpeechStatus()).toBeNull();
  });

  it('stops while loading without falling back and without playing anything', async () => {
    let answer: (response: Response) => void = () => undefined;
    const paths = mockApi({
      tts: () => new Promise<Response>((resolve) => (answer = resolve)),
      file: wav,
    });

    const done = playSpeech('button-1', 'went', 'en');
    await vi.waitFor(() => expect(paths).toEqual(['/api/tts']));
    stopSpeech();
    answer(Response.json({ url: WAV_URL }));

    await expect(done).resolves.toBe(false);
    expect(paths).toEqual(['/api/tts']);
    expect(FakeAudio.instances).toEqual([]);
    expect(getSpeechStatus()).toBeNull();
  });
});
