import { describe, expect, it } from 'vitest';
import { swipeDirection } from './swipe';

const at = (x: number, y: number, time = 0) => ({ x, y, time });

describe('swipeDirection', () => {
  it('turns to the next page on a swipe to the left, the previous on one to the right', () => {
    expect(swipeDirection(at(300, 400), at(180, 410, 200))).toBe('next');
    expect(swipeDirection(at(100, 400), at(240, 390, 200))).toBe('previous');
  });

  it('ignores short, slow or mostly vertical moves', () => {
    expect(swipeDirection(at(300, 400), at(260, 400, 100))).toBeNull();
    expect(swipeDirection(at(300, 400), at(100, 400, 2000))).toBeNull();
    expect(swipeDirection(at(300, 400), at(200, 250, 200))).toBeNull();
  });
});
