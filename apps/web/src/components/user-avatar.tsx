import type { Me } from '@lendo/shared';
import { cx } from '@/lib/cx';

function initialsOf(text: string): string {
  const words = text
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : text.slice(0, 2);
  return letters.toUpperCase();
}

interface UserAvatarProps {
  user: Pick<Me, 'avatar_url' | 'name' | 'username'>;
  /** Size and text size, e.g. "size-10 text-sm". */
  className: string;
}

/** The user's profile image, or their initials on the brand colour when there is none. Decorative. */
export function UserAvatar({ user, className }: UserAvatarProps) {
  if (user.avatar_url) {
    return <img src={user.avatar_url} alt="" className={cx('rounded-full object-cover', className)} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cx('grid place-items-center rounded-full bg-brand font-bold text-on-brand', className)}
    >
      {initialsOf(user.name || user.username)}
    </span>
  );
}
