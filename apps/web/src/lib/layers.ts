/**
 * For a dialog's `onInteractOutside`: a click in, or focus on, a popover, menu or list opened from
 * inside the dialog (the deck form's icon chooser) does not close the dialog. Those float in a portal
 * of their own; React counted an event there as inside the dialog that rendered them, but Preact's
 * portals pass events up the page, not up the components (see react-on-preact.ts).
 */
export function keepOpenForNestedLayers(event: Event) {
  if (event.target instanceof Element && event.target.closest('[data-radix-popper-content-wrapper]')) {
    event.preventDefault();
  }
}
