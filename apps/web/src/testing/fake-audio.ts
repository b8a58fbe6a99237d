/** How a fake audio element reacts to play(). */
export type AudioBehaviour = 'plays' | 'rejects' | 'errors';

/**
 * Stands in for HTMLAudioElement in jsdom, which cannot play media: play() resolves, rejects or
 * fires 'error', as `behaviour` says for the element's src; finish() plays it to its end.
 */
export class FakeAudio extends EventTarget {
  static instances: FakeAudio[] = [];
  static behaviour: (src: string) => AudioBehaviour = () => 'plays';
  paused = true;
  error: MediaError | null = null;

  /** Forgets the elements made so far and makes every next one play. */
  static reset(): void {
    FakeAudio.instances = [];
    FakeAudio.behaviour = () => 'plays';
  }

  constructor(readonly src: string) {
    super();
    FakeAudio.instances.push(this);
  }

  play(): Promise<void> {
    const behaviour = FakeAudio.behaviour(this.src);
    if (behaviour === 'rejects')
      return Promise.reject(new DOMException('not supported', 'NotSupportedError'));
    if (behaviour === 'errors') {
      queueMicrotask(() => this.dispatchEvent(new Event('error')));
      return new Promise(() => undefined);
    }
    this.paused = false;
    return Promise.resolve();
  }

  pause(): void {
    this.paused = true;
  }

  /** The audio reaches its end. */
  finish(): void {
    this.paused = true;
    this.dispatchEvent(new Event('ended'));
  }
}
