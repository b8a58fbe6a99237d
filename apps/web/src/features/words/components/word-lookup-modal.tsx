import type { LearningLanguage } from '@lendo/shared';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '@/components/field-error';
import { PanelModal } from '@/components/panel-modal';
import { cx } from '@/lib/cx';
import { useMe } from '@/lib/me';
import type { ModalPropsByName } from '@/lib/modals';
import { normalizeLookup } from '@/lib/word-view';
import { LookupResult } from './lookup-result';
import { WordLanguagePicker } from './word-language-picker';

/** Typing pauses this long before the lookup runs; Enter runs it at once. */
const SEARCH_DEBOUNCE_MS = 300;
/** The dictionary's longest word. */
const WORD_MAX_LENGTH = 64;

type WordLookupModalProps = ModalPropsByName['word-lookup'] & { onClose: () => void };

/**
 * The word lookup modal (SPEC §2): type a word, choose its language (the one the learner studies by
 * default) and see its lemma, part of speech, definition, translations and two use cases, each
 * with a play-sound button.
 */
export function WordLookupModal({ word = '', language, onClose }: WordLookupModalProps) {
  const { t } = useTranslation();
  const me = useMe();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [wordLanguage, setWordLanguage] = useState<LearningLanguage>(
    language ?? me.learning_language ?? 'en',
  );
  const [text, setText] = useState(word);
  const [term, setTerm] = useState(() => normalizeLookup(word));

  useEffect(() => {
    const timer = setTimeout(() => setTerm(normalizeLookup(text)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const clear = () => {
    setText('');
    setTerm('');
    inputRef.current?.focus();
  };

  const toolbar = (
    <form
      role="search"
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setTerm(normalizeLookup(text));
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t('lookup.search-label')}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted"
        />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('lookup.placeholder')}
          lang={wordLanguage}
          maxLength={WORD_MAX_LENGTH}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          className={cx(inputClasses, 'appearance-none pr-12 pl-12 [&::-webkit-search-cancel-button]:hidden')}
        />
        {text && (
          <button
            type="button"
            onClick={clear}
            className="absolute top-1/2 right-0.5 grid size-11 -translate-y-1/2 place-items-center rounded-full text-muted hover:text-ink"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{t('lookup.clear')}</span>
          </button>
        )}
      </div>
      <WordLanguagePicker
        value={wordLanguage}
        onChange={(next) => {
          setWordLanguage(next);
          setTerm(normalizeLookup(text));
        }}
      />
    </form>
  );

  return (
    <PanelModal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('lookup.title')}
      toolbar={toolbar}
      initialFocus={inputRef}
    >
      <LookupResult
        word={term}
        language={wordLanguage}
        onSearchIn={(next) => {
          setWordLanguage(next);
          inputRef.current?.focus();
        }}
      />
    </PanelModal>
  );
}
