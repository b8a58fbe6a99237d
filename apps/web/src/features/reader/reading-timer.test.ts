import { describe, expect, it } from 'vitest';
import { MAX_REPORTED_SECONDS, ReadingTimer } from './reading-timer';

function timerAt(start = 0) {
  let clock = start;
  const timer = new ReadingTimer(() => clock);
  return { timer, advance: (seconds: number) => (clock += seconds * 1000) };
}

describe('ReadingTimer', () => {
  it('counts only while the page is visible', () => {
    const { timer, advance } = timerAt();
    timer.setVisible(true);
    advance(30);
    timer.setVisible(false);
    advance(600);
    timer.setVisible(true);
    advance(12);
    expect(timer.take()).toBe(42);
  });

  it('starts again from zero after each report, and carries what could not be sent', () => {
    const { timer, advance } = timerAt();
    timer.setVisible(true);
    advance(10);
    expect(timer.take()).toBe(10);
    advance(5);
    const seconds = timer.take();
    timer.giveBack(seconds);
    advance(1);
    expect(timer.take()).toBe(6);
  });

  it('never reports more than the API takes', () => {
    const { timer, advance } = timerAt();
    timer.setVisible(true);
    advance(MAX_REPORTED_SECONDS * 2);
    expect(timer.take()).toBe(MAX_REPORTED_SECONDS);
  });
});
