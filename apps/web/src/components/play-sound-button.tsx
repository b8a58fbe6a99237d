import { Square, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { openModal } from '@/lib/modals';
import {
  getSpeechStatus,
  playSpeech,
  stopSpeech,
  subscribeToSpeech,
  type SpeechLanguage,
} from '@/lib/speech';
import { Spinner } from './spinner';

const LOOKS = {
  plain: 'text-muted hover:bg-surface-muted hover:text-ink',
  tinted: 'bg-brand-soft text-brand-ink hover:brightness-95',
} as const;

interface PlaySoundButtonProps {
  /** What is read aloud; also named in the button's accessible name. */
  text: string;
  language: SpeechLanguage;
  /** plain: a quiet icon button, e.g. beside a sentence; tinted: stands out, e.g. beside a headword. */
  look?: keyof typeof LOOKS;
  className?: string;
}

/**
 * Reads a text aloud (SPEC §7 text to speech). A click plays it, stopping any other sound of the app;
 * while it loads the button spins, while it plays a click stops it, and when no audio could be had
 * it says so (icon, label and a toast) until it is tried again. When the plan's audio is used up it
 * opens the limit-reached modal instead.
 */
export function PlaySoundButton({ text, language, look = 'plain', className }: PlaySoundButtonProps) {
  const { t } = useTranslation();
  const owner = useId();
  const status = useSyncExternalStore(subscribeToSpeech, getSpeechStatus);
  const phase = status?.owner === owner ? status.phase : null;
  const [failure, setFailure] = useState<{ text: string; code: string } | null>(null);
  const failed = failure?.text === text;

  // Closing the modal or leaving the page silences what this button started.
  useEffect(
    () => () => {
      if (getSpeechStatus()?.owner === owner) stopSpeech();
    },
    [owner],
  );

  const onClick = () => {
    if (phase) return stopSpeech();
    setFailure(null);
    playSpeech(owner, text, language).catch((error: unknown) => {
      const code = errorCodeOf(error, 'error.speech-unavailable');
      if (code === 'limits.audio') {
        openModal('limit-reached', { variant: 'audio' });
        return;
      }
      setFailure({ text, code });
      toast.error(t(code), { id: 'speech-error' });
    });
  };

  const label =
    phase === 'playing'
      ? t('speech.stop-label', { text })
      : failed
        ? t('speech.failed-label', { text })
        : t('speech.play-label', { text });
  const hint = phase === 'playing' ? t('speech.stop') : failed ? t(failure.code) : t('speech.play');

  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-busy={phase === 'loading' || undefined}
      title={hint}
      className={cx(
        'grid size-11 shrink-0 place-items-center rounded-full transition-colors',
        phase === 'playing' ? 'bg-brand text-on-brand hover:bg-brand-hover' : LOOKS[look],
        failed && !phase && 'text-danger',
        className,
      )}
    >
      {phase === 'loading' ? (
        <Spinner className="size-5" />
      ) : phase === 'playing' ? (
        <Square aria-hidden="true" className="size-4" fill="currentColor" />
      ) : failed ? (
        <VolumeX aria-hidden="true" className="size-5" />
      ) : (
        <Volume2 aria-hidden="true" className="size-5" />
      )}
    </button>
  );
}
