import type { StoryDetail } from '@lendo/shared';
import { Heart, ListPlus, Share2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { cx } from '@/lib/cx';
import { openModal } from '@/lib/modals';
import { useSetStoryFavorite } from '../api/set-story-favorite';

/** Three in a row on phones (icon over a short label), side by side from 640 px. */
const actionButton = 'px-2 max-sm:min-h-16 max-sm:flex-col max-sm:gap-1 max-sm:text-xs sm:px-4';

function FavoriteButton({ story }: { story: StoryDetail }) {
  const { t } = useTranslation();
  const setFavorite = useSetStoryFavorite(story.id);
  return (
    <Button
      variant="secondary"
      aria-pressed={story.favorite}
      onClick={() => setFavorite.mutate(!story.favorite)}
      className={cx(actionButton, story.favorite && 'border-danger/40 text-danger')}
    >
      <Heart aria-hidden="true" className="size-5" fill={story.favorite ? 'currentColor' : 'none'} />
      <span>{t('story.favorite')}</span>
    </Button>
  );
}

/** The Web Share sheet where there is one; elsewhere the link goes to the clipboard. */
async function share(story: StoryDetail, copied: string, failed: string) {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: story.title, text: story.description, url });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) toast.error(failed);
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(copied);
  } catch {
    toast.error(failed);
  }
}

/** Favorite, share and add to a playlist (announced: the coming-soon modal). */
export function StoryActions({ story }: { story: StoryDetail }) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
      <FavoriteButton story={story} />
      <Button
        variant="secondary"
        className={actionButton}
        onClick={() => void share(story, t('story.share.copied'), t('story.share.error'))}
      >
        <Share2 aria-hidden="true" className="size-5" />
        <span>{t('story.share')}</span>
      </Button>
      <Button
        variant="secondary"
        className={actionButton}
        onClick={() => openModal('coming-soon', { variant: 'playlist-coming-soon' })}
      >
        <ListPlus aria-hidden="true" className="size-5" />
        <span>{t('story.playlist')}</span>
      </Button>
    </div>
  );
}
