import { useEffect } from 'react';
import { openModal } from '@/lib/modals';

/** The key that opens the word lookup, as in many sites' search. */
export const LOOKUP_SHORTCUT = '/';

/** Where "/" is meant as text or belongs to an open dialog or menu, rather than to the shortcut. */
function keyBelongsElsewhere(target: EventTarget | null): boolean {
  if (document.querySelector('[role="dialog"]')) return true;
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest(
      'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="menu"]',
    ) !== null
  );
}

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
