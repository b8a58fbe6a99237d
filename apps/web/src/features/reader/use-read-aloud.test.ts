import type { ReaderSentence } from '@lendo/shared';
import { act, renderHook } from '@testing-library/react';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { playSpeech, stopSpeech } from '@/lib/speech';
import { FakeAudio } from '@/testing/fake-audio';
import { recordOpenedModals } from '@/testing/opened-modals';
import { useReadAloud } from './use-read-aloud';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('react-hot-toast', () => ({ default: { error: vi.fn() } }));

const sentence = (text: string): ReaderSentence => ({ text, translation: '', lemmas: {} });
const SENTENCES = [sentence('One.'), sentence('Two.'), sentence('Three.')];

/** GET /tts answers with a URL named after the text, so each audio element says what it reads. */
function mockTts() {
  const texts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const text = new URL(String(input), 'http://localhost').searchParams.get('text') ?? '';
      texts.push(text);
      return Response.json({ url: `/api/files/tts/${text}.wav` });
    }),
  );
  return texts;
}

/** The audio element playing now, once it has started. */
async function playing() {
  await vi.waitFor(() => expect(FakeAudio.instances.at(-1)?.paused).toBe(false));
  return FakeAudio.instances.at(-1)!;
}

describe('useReadAloud', () => {
  const opened = recordOpenedModals();

  beforeEach(() => {
    FakeAudio.reset();
    vi.stubGlobal('Audio', FakeAudio);
    vi.mocked(toast.error).mockClear();
    stopSpeech();
  });

  it('reads the sentences one after another, marking the one being read, then goes idle', async () => {
    const texts = mockTts();
    const { result } = renderHook(() => useReadAloud(SENTENCES, 'en'));

    act(() => result.current.start());
    expect(result.current.reading).toBe(0);
    for (const [index, text] of ['One.', 'Two.', 'Three.'].entries()) {
      const audio = await playing();
      expect(audio.src).toBe(`/api/files/tts/${text}.wav`);
      expect(result.current.reading).toBe(index);
      act(() => audio.finish());
    }

    await vi.waitFor(() => expect(result.current.reading).toBeNull());
    expect(texts).toEqual(['One.', 'Two.', 'Three.']);
  });

  it('stops when asked, and when another sound of the app starts', async () => {
    mockTts();
    const { result } = renderHook(() => useReadAloud(SENTENCES, 'en'));

    act(() => result.current.start());
    const first = await playing();
    act(() => result.current.stop());
    expect(result.current.reading).toBeNull();
    expect(first.paused).toBe(true);

    act(() => result.current.start());
    await playing();
    await act(async () => {
      const other = playSpeech('word-button', 'castle', 'en');
      (await playing()).finish();
      await other;
    });
    expect(result.current.reading).toBeNull();
    expect(FakeAudio.instances.map((audio) => audio.src)).toEqual([
      '/api/files/tts/One..wav',
      '/api/files/tts/One..wav',
      '/api/files/tts/castle.wav',
    ]);
  });

  it('stops when the page changes', async () => {
    mockTts();
    const { result, rerender } = renderHook(({ sentences }) => useReadAloud(sentences, 'en'), {
      initialProps: { sentences: SENTENCES },
    });
    act(() => result.current.start());
    const audio = await playing();

    rerender({ sentences: [sentence('Next page.')] });

    expect(audio.paused).toBe(true);
    expect(result.current.reading).toBeNull();
  });

  it("opens the limit-reached modal when the plan's audio is used up", async () => {
    const refusal = { message: 'No audio left.', code: 'limits.audio' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(refusal, { status: 403 })),
    );
    const { result } = renderHook(() => useReadAloud(SENTENCES, 'en'));

    act(() => result.current.start());

    await vi.waitFor(() => expect(opened).toEqual([{ name: 'limit-reached', props: { variant: 'audio' } }]));
    expect(result.current.reading).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says so in a toast when no audio can be had', async () => {
    FakeAudio.behaviour = () => 'errors';
    mockTts();
    const { result } = renderHook(() => useReadAloud(SENTENCES, 'en'));

    act(() => result.current.start());

    await vi.waitFor(() => {
      expect(toast.error).toHaveBeenCalledWith('error.speech-unavailable', { id: 'speech-error' });
      expect(result.current.reading).toBeNull();
    });
    expect(opened).toEqual([]);
  });
});
