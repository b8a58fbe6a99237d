/**
 * Whether a key pressed on `target` is meant as text, or belongs to an open dialog or menu, rather
 * than to a page-wide shortcut ("/" for the word lookup, ← → to turn pages).
 */
export function keyBelongsElsewhere(target: EventTarget | null): boolean {
  if (document.querySelector('[role="dialog"]')) return true;
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest(
      'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="menu"]',
    ) !== null
  );
}
