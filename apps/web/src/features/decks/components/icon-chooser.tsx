import { DECK_ICONS, type DeckIcon } from '@lendo/shared';
import { ChevronDown } from 'lucide-react';
import { Popover, RadioGroup } from 'radix-ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DECK_ICON_GLYPHS, DeckIconTile } from './deck-icon';

interface IconChooserProps {
  value: DeckIcon;
  onChange: (icon: DeckIcon) => void;
}

/**
 * The deck's icon, and a popover grid to choose another. A click, Space or Enter picks and closes;
 * the arrow keys pick as they move (radio semantics) but leave the grid open.
 */
export function IconChooser({ value, onChange }: IconChooserProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const movingByArrow = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  /**
   * Closes the grid, and gives the focus back to the icon button first if it was in the grid: the form
   * keeps the focus (it is a modal's, which would otherwise take it back when the grid goes away).
   */
  const openOrClose = (next: boolean) => {
    if (!next && grid.current?.contains(document.activeElement)) trigger.current?.focus();
    setOpen(next);
  };
  return (
    <Popover.Root open={open} onOpenChange={openOrClose}>
      <Popover.Trigger
        ref={trigger}
        aria-label={t('decks.icon.choose', { icon: t(`decks.icon.${value}`) })}
        className="group inline-flex items-center gap-1 rounded-2xl p-1 transition-colors hover:bg-surface-muted"
      >
        <DeckIconTile icon={value} size="lg" />
        <ChevronDown aria-hidden="true" className="size-4 text-muted group-hover:text-ink" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="center"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-[min(20rem,calc(100vw-2rem))] animate-pop-in rounded-card border border-line bg-surface p-3 shadow-pop"
        >
          <RadioGroup.Root
            ref={grid}
            aria-label={t('decks.icon.label')}
            value={value}
            onValueChange={(next) => {
              onChange(next as DeckIcon);
              if (!movingByArrow.current) openOrClose(false);
              movingByArrow.current = false;
            }}
            loop
            className="grid grid-cols-5 gap-1.5"
          >
            {DECK_ICONS.map((icon) => {
              const Glyph = DECK_ICON_GLYPHS[icon];
              return (
                <RadioGroup.Item
                  key={icon}
                  value={icon}
                  aria-label={t(`decks.icon.${icon}`)}
                  title={t(`decks.icon.${icon}`)}
                  onKeyDown={(event) => {
                    if (event.key.startsWith('Arrow')) movingByArrow.current = true;
                    if (event.key === 'Enter') openOrClose(false);
                  }}
                  className="grid aspect-square min-h-11 place-items-center rounded-xl text-muted transition-colors hover:bg-surface-muted hover:text-ink data-[state=checked]:bg-brand-soft data-[state=checked]:text-brand-ink data-[state=checked]:ring-2 data-[state=checked]:ring-brand"
                >
                  <Glyph aria-hidden="true" className="size-6" />
                </RadioGroup.Item>
              );
            })}
          </RadioGroup.Root>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
