import { STORY_GEN_WORDS_MAX, type LearningLanguage } from '@lendo/shared';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { inputClasses } from '@/components/field-error';

interface WordChooserProps {
  words: string[];
  suggestions: string[];
  language: LearningLanguage;
  onChange: (words: string[]) => void;
  disabled?: boolean;
}

const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** Up to ten words to practise: typed (Enter adds), or picked from the learner's due and learning words. */
export function WordChooser({ words, suggestions, language, onChange, disabled = false }: WordChooserProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState('');
  const full = words.length >= STORY_GEN_WORDS_MAX;
  const add = (word: string) => {
    const clean = word.trim().slice(0, 40);
    if (!clean || full || words.some((w) => same(w, clean))) return;
    onChange([...words, clean]);
  };
  const offered = suggestions.filter((s) => !words.some((w) => same(w, s)));

  return (
    <fieldset disabled={disabled} className="grid gap-2">
      <legend className="mb-1.5 text-sm font-semibold">{t('story-gen.words.label')}</legend>
      {words.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('story-gen.words.chosen')}>
          {words.map((word) => (
            <li key={word}>
              <span className="inline-flex min-h-9 items-center gap-1 rounded-full bg-brand-soft py-1 pr-1 pl-3 text-sm font-semibold text-brand-ink">
                <span lang={language}>{word}</span>
                <button
                  type="button"
                  onClick={() => onChange(words.filter((w) => w !== word))}
                  aria-label={t('story-gen.words.remove', { word })}
                  className="grid size-7 place-items-center rounded-full hover:bg-brand/15"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('story-gen.words.add-label')}
        </label>
        <input
          id={inputId}
          lang={language}
          value={draft}
          maxLength={40}
          disabled={disabled || full}
          aria-describedby={hintId}
          placeholder={t('story-gen.words.placeholder')}
          className={inputClasses}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              add(draft);
              setDraft('');
            }
          }}
        />
        <Button
          variant="secondary"
          className="shrink-0"
          disabled={disabled || full || !draft.trim()}
          onClick={() => {
            add(draft);
            setDraft('');
          }}
        >
          <Plus aria-hidden="true" className="size-5" />
          <span className="max-sm:sr-only">{t('story-gen.words.add')}</span>
        </Button>
      </div>
      <p id={hintId} className="text-sm text-muted">
        {t('story-gen.words.hint', { count: words.length, max: STORY_GEN_WORDS_MAX })}
      </p>
      {offered.length > 0 && (
        <div className="grid gap-1.5">
          <p className="text-sm font-semibold text-muted">{t('story-gen.words.suggested')}</p>
          <ul className="flex flex-wrap gap-2">
            {offered.map((word) => (
              <li key={word}>
                <button
                  type="button"
                  disabled={full}
                  onClick={() => add(word)}
                  aria-label={t('story-gen.words.add-word', { word })}
                  className="inline-flex min-h-9 items-center gap-1 rounded-full px-3 text-sm font-semibold text-ink ring-1 ring-line ring-inset hover:bg-surface-muted disabled:opacity-50"
                >
                  <Plus aria-hidden="true" className="size-3.5" />
                  <span lang={language}>{word}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
