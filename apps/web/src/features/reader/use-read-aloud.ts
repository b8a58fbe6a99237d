import type { LearningLanguage, ReaderSentence } from '@lendo/shared';
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '@/lib/api-client';
import { openModal } from '@/lib/modals';
import { getSpeechStatus, playSpeech, stopSpeech, subscribeToSpeech } from '@/lib/speech';

export interface ReadAloud {
  /** The index of the sentence being read (or loaded), null when idle. */
  reading: number | null;
  /** Whether the current sentence's audio is still loading. */
  loading: boolean;
  start: () => void;
  stop: () => void;
}

/**
 * Reads a page aloud, one sentence after another, through the app's one speaker (lib/speech): any
 * other sound started meanwhile ends the reading, and so do stop(), a new page and leaving. When the
 * plan's audio is used up it opens the limit-reached modal; other failures end with a toast.
 */
export function useReadAloud(sentences: readonly ReaderSentence[], language: LearningLanguage): ReadAloud {
  const { t } = useTranslation();
  const owner = useId();
  const status = useSyncExternalStore(subscribeToSpeech, getSpeechStatus);
  const [reading, setReading] = useState<number | null>(null);
  // Each start() is one run; a newer run or stop() makes an older one give up.
  const run = useRef(0);

  const stop = useCallback(() => {
    run.current += 1;
    setReading(null);
    if (getSpeechStatus()?.owner === owner) stopSpeech();
  }, [owner]);

  useEffect(() => stop, [stop, sentences]);

  const start = () => {
    const id = ++run.current;
    const readFrom = async (index: number): Promise<void> => {
      const sentence = sentences[index];
      if (!sentence || run.current !== id) return;
      setReading(index);
      const finished = await playSpeech(owner, sentence.text, language);
      if (finished) return readFrom(index + 1);
    };
    readFrom(0)
      .catch((error: unknown) => {
        if (run.current !== id) return;
        const code = errorCodeOf(error, 'error.speech-unavailable');
        if (code === 'limits.audio') openModal('limit-reached', { variant: 'audio' });
        else toast.error(t(code), { id: 'speech-error' });
      })
      .finally(() => {
        if (run.current === id) setReading(null);
      });
  };

  const loading = reading !== null && status?.owner === owner && status.phase === 'loading';
  return { reading, loading, start, stop };
}
