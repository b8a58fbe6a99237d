import { WORD_PATTERN, type LearningLanguage } from '@lendo/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StreamedChapter } from '../use-story-stream';

/** The sentence with the practised words marked. */
function marked(text: string, practised: Set<string>): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(WORD_PATTERN)) {
    if (!practised.has(match[0].toLocaleLowerCase())) continue;
    parts.push(text.slice(at, match.index));
    parts.push(
      <mark key={match.index} className="rounded bg-pro-soft px-0.5 font-semibold text-ink">
        {match[0]}
      </mark>,
    );
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return parts;
}

/** The story as it is written: chapters and sentences, each with its translation, practised words marked. */
export function StreamedStory({
  title,
  chapters,
  language,
  practised,
}: {
  title: string;
  chapters: StreamedChapter[];
  language: LearningLanguage;
  practised: string[];
}) {
  const { t } = useTranslation();
  const words = new Set(practised.map((w) => w.toLocaleLowerCase()));
  return (
    <article className="grid gap-5">
      {title && (
        <h2 lang={language} className="text-2xl font-bold tracking-tight text-balance">
          {title}
        </h2>
      )}
      {chapters.map((chapter) => (
        <section key={chapter.number} className="grid gap-3">
          <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">
            {t('story-gen.output.chapter', { number: chapter.number })}
            {chapter.title && (
              <>
                {' · '}
                <span lang={language} className="normal-case">
                  {chapter.title}
                </span>
              </>
            )}
          </h3>
          <ol className="grid gap-3">
            {chapter.sentences.map((sentence, i) => (
              <li key={i} className="grid gap-0.5">
                <p lang={language} className="text-lg leading-relaxed text-pretty">
                  {marked(sentence.text, words)}
                </p>
                {sentence.translation && (
                  <p className="text-sm text-pretty text-muted">{sentence.translation}</p>
                )}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </article>
  );
}
