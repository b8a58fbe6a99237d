import type { StoryCard } from '@lendo/shared';
import { BookOpen, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { Button, buttonClasses } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Modal } from '@/components/modal';
import { StoryCover } from '@/components/story-cover';
import { TextField } from '@/components/text-field';
import { errorCodeOf } from '@/lib/api-client';
import { formatShortDay } from '@/lib/dates';
import { currentLocale } from '@/lib/i18n';
import { openModal } from '@/lib/modals';
import { levelLabelKey } from '@/lib/story-labels';
import { useOwnStoryActions } from '../api/story-gen';

function RenameModal({ story, onClose }: { story: StoryCard; onClose: () => void }) {
  const { t } = useTranslation();
  const { rename } = useOwnStoryActions();
  const [title, setTitle] = useState(story.title);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('story-gen.mine.rename-title')}>
      <form
        className="mt-4 grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setSaving(true);
          setError(null);
          rename(story.id, title)
            .then(onClose)
            .catch((err: unknown) => setError(errorCodeOf(err)))
            .finally(() => setSaving(false));
        }}
      >
        {error && <FormAlert code={error} />}
        <TextField
          label={t('story-gen.mine.title-label')}
          value={title}
          maxLength={120}
          required
          autoFocus
          onChange={(event) => setTitle(event.target.value)}
        />
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="secondary" onClick={onClose}>
            {t('story-gen.mine.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={!title.trim()}>
            {t('story-gen.mine.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function OwnStory({
  story,
  busy,
  onRewrite,
}: {
  story: StoryCard;
  busy: boolean;
  onRewrite: (chapter: number) => void;
}) {
  const { t } = useTranslation();
  const { remove } = useOwnStoryActions();
  const [renaming, setRenaming] = useState(false);
  const [chapter, setChapter] = useState(1);
  const chapterId = useId();
  return (
    <li className="flex gap-4 rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60">
      <StoryCover src={story.cover_url} className="w-16 shrink-0 rounded-lg sm:w-20" />
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={story.origin === 'ai' ? 'pro' : 'brand'}>
            {t(`story-gen.origin.${story.origin}`)}
          </Badge>
          <span className="text-sm text-muted">
            {t(levelLabelKey(story.level))} · {t('story-gen.mine.chapters', { count: story.chapters_count })}{' '}
            · {formatShortDay(story.created_at, currentLocale())}
          </span>
        </div>
        <h3 lang={story.language} className="font-bold tracking-tight wrap-anywhere">
          {story.title}
        </h3>
        {story.progress > 0 && (
          <p className="text-sm text-muted">
            {t('story-gen.mine.progress', { percent: Math.round(story.progress * 100) })}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/story/${story.id}`} className={buttonClasses({ size: 'md' })}>
            <BookOpen aria-hidden="true" className="size-4" />
            {t('story-gen.mine.read')}
          </Link>
          <Button variant="secondary" onClick={() => setRenaming(true)}>
            <Pencil aria-hidden="true" className="size-4" />
            {t('story-gen.mine.rename')}
          </Button>
          <Button
            variant="ghost"
            className="text-danger"
            onClick={() =>
              openModal('confirm-delete', {
                title: t('story-gen.mine.delete-title'),
                content: t('story-gen.mine.delete-text', { title: story.title }),
                onConfirm: () => remove(story.id),
              })
            }
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('story-gen.mine.delete')}
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={chapterId} className="text-sm font-semibold">
            {t('story-gen.mine.rewrite-label')}
          </label>
          <select
            id={chapterId}
            value={chapter}
            onChange={(event) => setChapter(Number(event.target.value))}
            className="min-h-11 rounded-field bg-surface px-3 text-sm ring-1 ring-line ring-inset"
          >
            {Array.from({ length: story.chapters_count }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {t('story-gen.output.chapter', { number: i + 1 })}
              </option>
            ))}
          </select>
          <Button variant="secondary" disabled={busy} onClick={() => onRewrite(chapter)}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('story-gen.mine.rewrite')}
          </Button>
        </div>
      </div>
      {renaming && <RenameModal story={story} onClose={() => setRenaming(false)} />}
    </li>
  );
}

/** The learner's own stories: read, rename, rewrite a chapter, delete. */
export function OwnStories({
  stories,
  busy,
  onRewrite,
}: {
  stories: StoryCard[];
  busy: boolean;
  onRewrite: (story: StoryCard, chapter: number) => void;
}) {
  const { t } = useTranslation();
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="grid gap-3">
      <h2 id={heading} className="text-xl font-bold tracking-tight">
        {t('story-gen.mine.title')}
      </h2>
      {stories.length === 0 ? (
        <p className="rounded-card bg-surface-muted p-5 text-sm text-pretty text-muted">
          {t('story-gen.mine.empty')}
        </p>
      ) : (
        <ul className="grid gap-3">
          {stories.map((story) => (
            <OwnStory
              key={story.id}
              story={story}
              busy={busy}
              onRewrite={(chapter) => onRewrite(story, chapter)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
