import { useEffect } from 'react';
import { keyBelongsElsewhere } from '@/lib/keyboard';
import { openModal } from '@/lib/modals';

/** The key that opens the word lookup, as in many sites' search. */
export const LOOKUP_SHORTCUT = '/';

/** "/" opens the word lookup from any signed-in page, unless the user is typing or in a dialog. */
export function useLookupShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== LOOKUP_SHORTCUT || event.defaultPrevented) return;
      if (event.ctrlKey || event.metaKey || event.altKey || keyBelongsElsewhere(event.target)) return;
      event.preventDefault();
      openModal('word-lookup', {});
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
