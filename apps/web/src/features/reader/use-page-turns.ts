import { useEffect, useEffectEvent, useRef, type PointerEvent } from 'react';
import { keyBelongsElsewhere } from '@/lib/keyboard';
import { swipeDirection, type PointerSample } from './swipe';

interface PageTurns {
  onNext: () => void;
  onPrevious: () => void;
}

/**
 * ← and → turn the page, unless a text field, dialog or menu has the key, or the story text used
 * it to move between words (it then prevents the default).
 */
export function usePageKeys({ onNext, onPrevious }: PageTurns): void {
  const turn = useEffectEvent((key: string) => (key === 'ArrowRight' ? onNext() : onPrevious()));
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (keyBelongsElsewhere(event.target)) return;
      event.preventDefault();
      turn(event.key);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/**
 * Swipes on touch and pen turn the page: spread the returned handlers on the reading area, which
 * should let the browser scroll vertically only (touch-action: pan-y).
 */
export function useSwipe({ onNext, onPrevious }: PageTurns) {
  const start = useRef<(PointerSample & { id: number }) | null>(null);
  const sample = (event: PointerEvent) => ({ x: event.clientX, y: event.clientY, time: event.timeStamp });
  return {
    onPointerDown: (event: PointerEvent) => {
      start.current = event.pointerType === 'mouse' ? null : { ...sample(event), id: event.pointerId };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const direction = swipeDirection(from, sample(event));
      if (direction === 'next') onNext();
      else if (direction === 'previous') onPrevious();
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
