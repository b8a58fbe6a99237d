import type { LearningLanguage, TranslationLanguage } from '@lendo/shared';
import { Dialog, Popover } from 'radix-ui';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import type { WordSelection } from './reader-text';
import { WordDetails } from './word-details';

/** At this width and below the reader's popups are bottom sheets: a popover would not fit beside the word. */
export const SHEET_QUERY = '(max-width: 640px)';

/** Room kept free above the popover: the site header and the reader's bar stick there. */
const TOP_CLEARANCE = 136;

/**
 * The side of the word with more room, bottom unless the top has more: the popover then never
 * needs to cover the word, and its scrolling middle gets the most height.
 */
function roomiestSide(anchor: HTMLElement | null): 'top' | 'bottom' {
  if (!anchor) return 'bottom';
  const { top, bottom } = anchor.getBoundingClientRect();
  const below = window.innerHeight - bottom;
  const above = top - TOP_CLEARANCE;
  return below >= Math.min(above, 480) ? 'bottom' : 'top';
}

interface WordPopupProps {
  selection: WordSelection | null;
  language: LearningLanguage;
  translationLanguage: TranslationLanguage;
  onClose: () => void;
}

/**
 * The popup of a tapped word: a popover anchored to the word on larger screens, a bottom sheet on
 * phones. Escape closes it and focus goes back to the word (unless the reader clicked elsewhere).
 * Tapping another word while it is open moves it there.
 */
export function WordPopup({ selection, language, translationLanguage, onClose }: WordPopupProps) {
  const asSheet = useMediaQuery(SHEET_QUERY);
  const titleId = useId();
  const contentRef = useRef<HTMLDivElement>(null);
  // The word to give focus back to; the selection is already cleared when the popup closes.
  const lastAnchor = useRef<HTMLElement | null>(null);
  const clickedOutside = useRef(false);
  const anchor = selection?.anchor ?? null;
  const anchorRef = useMemo(() => ({ current: anchor }), [anchor]);
  useEffect(() => {
    if (anchor) lastAnchor.current = anchor;
  }, [anchor]);

  const open = selection !== null;
  const side = useMemo(() => roomiestSide(anchor), [anchor]);
  const onOpenChange = (next: boolean) => {
    if (!next) onClose();
  };
  const onOpenAutoFocus = (event: Event) => {
    event.preventDefault();
    clickedOutside.current = false;
    contentRef.current?.focus();
  };
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    if (!clickedOutside.current) lastAnchor.current?.focus();
  };
  const details = selection && (
    <WordDetails
      key={`${selection.sentence.text}:${selection.tokenIndex}`}
      selection={selection}
      language={language}
      translationLanguage={translationLanguage}
      titleAs={asSheet ? Dialog.Title : 'h2'}
      titleId={titleId}
      onClose={onClose}
    />
  );

  if (asSheet) {
    return (
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-overlay" />
          <Dialog.Content
            ref={contentRef}
            aria-labelledby={titleId}
            aria-describedby={undefined}
            tabIndex={-1}
            onOpenAutoFocus={onOpenAutoFocus}
            onCloseAutoFocus={onCloseAutoFocus}
            className="fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] animate-sheet-up overflow-y-auto overscroll-contain rounded-t-sheet bg-surface pb-[env(safe-area-inset-bottom)] shadow-pop outline-none"
          >
            <div aria-hidden="true" className="mx-auto mt-2 h-1.5 w-10 rounded-full bg-line-strong" />
            {details}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    );
  }

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchorRef} />
      <Popover.Portal>
        <Popover.Content
          ref={contentRef}
          aria-labelledby={titleId}
          tabIndex={-1}
          side={side}
          align="center"
          sideOffset={10}
          collisionPadding={{ top: TOP_CLEARANCE, right: 16, bottom: 16, left: 16 }}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          onInteractOutside={(event) => {
            // Another word: the popup moves there instead of closing.
            if (event.target instanceof Element && event.target.closest('[data-word]'))
              event.preventDefault();
            else clickedOutside.current = true;
          }}
          className="z-50 max-h-[min(36rem,var(--radix-popover-content-available-height))] w-[min(26rem,calc(100vw-2rem))] animate-pop-in overflow-y-auto overscroll-contain rounded-card border border-line bg-surface shadow-pop outline-none"
        >
          {details}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
