import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenForModals, type ModalRequest } from '@/lib/modals';
import { stopSpeech } from '@/lib/speech';
import { FakeAudio } from '@/testing/fake-audio';
import { PlaySoundButton } from './play-sound-button';

// Keys stand in for texts: "speech.play-label|went" is the label "Play sound: went".
vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, values?: { text?: string }) => (values?.text ? `${key}|${values.text}` : key),
  }),
}));
vi.mock('react-hot-toast', () => ({ default: { error: vi.fn() } }));

const WAV_URL = '/api/files/tts/went.wav';

describe('PlaySoundButton', () => {
  beforeEach(() => {
    FakeAudio.reset();
    vi.stubGlobal('Audio', FakeAudio);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ url: WAV_URL })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    cleanup();
    stopSpeech();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('names what it plays, spins while loading, and stops on a second click', async () => {
    render(<PlaySoundButton text="went" language="en" />);
    const button = screen.getByRole('button', { name: 'speech.play-label|went' });

    fireEvent.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    const stop = await screen.findByRole('button', { name: 'speech.stop-label|went' });
    expect(stop.getAttribute('aria-busy')).toBeNull();
    expect(FakeAudio.instances[0]?.paused).toBe(false);

    fireEvent.click(stop);
    expect(screen.getByRole('button', { name: 'speech.play-label|went' })).toBeTruthy();
    expect(FakeAudio.instances[0]?.paused).toBe(true);
  });

  it('lets one button play at a time, and goes back to idle when the sound ends', async () => {
    render(
      <>
        <PlaySoundButton text="went" language="en" />
        <PlaySoundButton text="go" language="en" />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'speech.play-label|went' }));
    await screen.findByRole('button', { name: 'speech.stop-label|went' });

    fireEvent.click(screen.getByRole('button', { name: 'speech.play-label|go' }));
    await screen.findByRole('button', { name: 'speech.stop-label|go' });
    expect(screen.getByRole('button', { name: 'speech.play-label|went' })).toBeTruthy();
    expect(FakeAudio.instances.map((audio) => audio.paused)).toEqual([true, false]);

    act(() => FakeAudio.instances[1]?.finish());
    expect(await screen.findByRole('button', { name: 'speech.play-label|go' })).toBeTruthy();
  });

  it('shows the failure with its label and a toast when no audio can be had', async () => {
    FakeAudio.behaviour = () => 'errors';
    render(<PlaySoundButton text="went" language="en" />);

    fireEvent.click(screen.getByRole('button', { name: 'speech.play-label|went' }));

    const failed = await screen.findByRole('button', { name: 'speech.failed-label|went' });
    expect(failed.getAttribute('title')).toBe('error.speech-unavailable');
    expect(toast.error).toHaveBeenCalledWith('error.speech-unavailable', { id: 'speech-error' });
  });

  it("opens the limit-reached modal, asking only once, when the plan's audio is used up", async () => {
    const refusal = {
      message: 'You have used all the audio minutes of your plan this month.',
      code: 'limits.audio',
    };
    const fetchMock = vi.fn(async () => Response.json(refusal, { status: 403 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(toast.error).mockClear();
    const opened: ModalRequest[] = [];
    const stopListening = listenForModals(
      (request) => opened.push(request),
      () => {},
    );
    render(<PlaySoundButton text="went" language="en" />);

    fireEvent.click(screen.getByRole('button', { name: 'speech.play-label|went' }));

    await vi.waitFor(() => expect(opened).toEqual([{ name: 'limit-reached', props: { variant: 'audio' } }]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'speech.play-label|went' })).toBeTruthy();
    stopListening();
  });

  it('stops its sound when it goes away, e.g. when the modal closes', async () => {
    const { unmount } = render(<PlaySoundButton text="went" language="en" />);
    fireEvent.click(screen.getByRole('button', { name: 'speech.play-label|went' }));
    await screen.findByRole('button', { name: 'speech.stop-label|went' });

    unmount();

    expect(FakeAudio.instances[0]?.paused).toBe(true);
  });
});
