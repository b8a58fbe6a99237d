import { Search, X } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/cx';
import { inputClasses } from './field-error';

/** Typing pauses this long before the search runs; Enter runs it at once. */
const SEARCH_DEBOUNCE_MS = 350;

interface SearchFieldProps {
  /** The search in effect (from the URL). */
  value: string;
  onSearch: (search: string) => void;
  /** The field's accessible name, e.g. "Search stories". */
  label: string;
  placeholder: string;
  maxLength: number;
}

/** A search box: debounced while typing; follows the URL when it changes (back, forward, clear). */
export function SearchField({ value, onSearch, label, placeholder, maxLength }: SearchFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  // The search last seen in the URL, and the one this field last asked for: a change the field did
  // not ask for (back, forward, "clear filters") replaces what is typed.
  const [seen, setSeen] = useState(value);
  const [asked, setAsked] = useState<string | null>(null);
  if (value !== seen) {
    setSeen(value);
    setAsked(null);
    if (value !== asked) setText(value);
  }

  const search = (next: string) => {
    if (next === value) return;
    setAsked(next);
    onSearch(next);
  };
  const searchTyped = useEffectEvent(() => search(text.trim()));
  useEffect(() => {
    const timer = setTimeout(searchTyped, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <form
      role="search"
      className="relative"
      onSubmit={(event) => {
        event.preventDefault();
        search(text.trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted"
      />
      <input
        ref={inputRef}
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete="off"
        enterKeyHint="search"
        className={cx(inputClasses, 'appearance-none pr-12 pl-12 [&::-webkit-search-cancel-button]:hidden')}
      />
      {text && (
        <button
          type="button"
          onClick={() => {
            setText('');
            search('');
            inputRef.current?.focus();
          }}
          className="absolute top-1/2 right-0.5 grid size-11 -translate-y-1/2 place-items-center rounded-full text-muted hover:text-ink"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">{t('common.clear-search')}</span>
        </button>
      )}
    </form>
  );
}
