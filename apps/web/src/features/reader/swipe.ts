/** How far a finger must travel sideways, in CSS pixels, for a page turn. */
export const SWIPE_MIN_DISTANCE = 60;
/** A swipe is quick; a slow drag is reading, selecting or scrolling. */
export const SWIPE_MAX_DURATION_MS = 800;

export interface PointerSample {
  x: number;
  y: number;
  time: number;
}

/**
 * The page turn a gesture asks for: a quick, mostly horizontal move of at least
 * SWIPE_MIN_DISTANCE. Leftwards is the next page (the text moves left), rightwards the previous.
 */
export function swipeDirection(start: PointerSample, end: PointerSample): 'next' | 'previous' | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (end.time - start.time > SWIPE_MAX_DURATION_MS) return null;
  if (Math.abs(dx) < SWIPE_MIN_DISTANCE || Math.abs(dx) < Math.abs(dy) * 1.5) return null;
  return dx < 0 ? 'next' : 'previous';
}
