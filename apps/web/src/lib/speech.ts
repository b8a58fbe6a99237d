import type { LearningLanguage, TranslationLanguage, TtsResponse } from '@lendo/shared';
import { ApiError, api } from './api-client';

/** Speech is asked for in a dictionary language; the API takes pt-br as a synonym of pt. */
export type SpeechLanguage = LearningLanguage | TranslationLanguage;

/** What the app's one speaker is doing, and for whom (the id of the button that asked). */
export type SpeechStatus = { owner: string; phase: 'loading' | 'playing' } | null;

/** The audio could not be loaded or decoded. */
export class AudioLoadError extends Error {
  override name = 'AudioLoadError';
}

interface Playback {
  owner: string;
  controller: AbortController;
}

/** The one playback of the app: starting another stops it, so two sounds never overlap. */
let current: Playback | null = null;
let status: SpeechStatus = null;
const listeners = new Set<() => void>();

function setStatus(next: SpeechStatus): void {
  if (next === status) return;
  status = next;
  listeners.forEach((listener) => listener());
}

/** For useSyncExternalStore: calls `listener` whenever the status changes. */
export function subscribeToSpeech(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSpeechStatus(): SpeechStatus {
  return status;
}

/** Stops whatever is loading or playing; its playSpeech() call then resolves. */
export function stopSpeech(): void {
  current?.controller.abort();
  current = null;
  setStatus(null);
}

interface AudioSource {
  src: string;
  /** Frees what the source holds once its audio is done with. */
  release: () => void;
}

type SpeechParams = { text: string; language: SpeechLanguage };

/** GET /tts: the URL of a cached, public audio file. */
async function audioUrlOf(params: SpeechParams, signal: AbortSignal): Promise<AudioSource> {
  const { url } = await api.get<TtsResponse>('/tts', { params, signal });
  return { src: url, release: () => undefined };
}

/** GET /file/tts/: the audio itself, fetched with the session's token and played from memory. */
async function audioFileOf(params: SpeechParams, signal: AbortSignal): Promise<AudioSource> {
  const blob = await api.get<Blob>('/file/tts/', { params, signal, responseType: 'blob' });
  const src = URL.createObjectURL(blob);
  return { src, release: () => URL.revokeObjectURL(src) };
}

/**
 * Plays `src` to its end. Rejects with AudioLoadError when it fails before a sound came out;
 * resolves when it ends, is stopped (`signal`), or breaks off after it started.
 */
function playAudio(src: string, signal: AbortSignal, onPlaying: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return resolve();
    const audio = new Audio(src);
    let started = false;
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      audio.removeEventListener('ended', onEnd);
      audio.removeEventListener('error', onError);
      signal.removeEventListener('abort', onEnd);
      audio.pause();
      if (error && !started) reject(new AudioLoadError(`The audio at ${src} did not play`, { cause: error }));
      else resolve();
    };
    const onEnd = () => settle();
    const onError = () => settle(audio.error ?? new Error('media error'));
    audio.addEventListener('ended', onEnd);
    audio.addEventListener('error', onError);
    signal.addEventListener('abort', onEnd);
    audio.play().then(() => {
      if (settled) return;
      started = true;
      onPlaying();
    }, settle);
  });
}

async function playFrom(
  load: () => Promise<AudioSource>,
  signal: AbortSignal,
  onPlaying: () => void,
): Promise<void> {
  const source = await load();
  try {
    await playAudio(source.src, signal, onPlaying);
  } finally {
    source.release();
  }
}

/**
 * Reads `text` aloud for `owner`, stopping anything else the app was playing (SPEC §7): the audio
 * file named by GET /tts, or, when that call fails or its audio does not load, the audio streamed by
 * GET /file/tts/. Resolves when the audio ends (true) or is stopped, by stopSpeech() or another
 * playSpeech() (false); rejects with the last error when neither source could be played, or at
 * once when the API refuses the first (4xx).
 */
export async function playSpeech(owner: string, text: string, language: SpeechLanguage): Promise<boolean> {
  stopSpeech();
  const playback: Playback = { owner, controller: new AbortController() };
  current = playback;
  setStatus({ owner, phase: 'loading' });
  const { signal } = playback.controller;
  const onPlaying = () => {
    if (current === playback) setStatus({ owner, phase: 'playing' });
  };
  const params = { text, language };
  try {
    await playFrom(() => audioUrlOf(params, signal), signal, onPlaying).catch((error: unknown) => {
      // A refusal (the plan's audio is used up) would be refused again: no second source.
      if (signal.aborted || (error instanceof ApiError && error.status < 500)) throw error;
      return playFrom(() => audioFileOf(params, signal), signal, onPlaying);
    });
    return !signal.aborted;
  } catch (error) {
    if (!signal.aborted) throw error;
    return false;
  } finally {
    if (current === playback) {
      current = null;
      setStatus(null);
    }
  }
}
