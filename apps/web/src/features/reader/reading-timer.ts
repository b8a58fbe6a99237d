/** The most reading time one progress report may carry (the API refuses more). */
export const MAX_REPORTED_SECONDS = 3600;

/**
 * Counts the time a page is actually read: only while the tab is visible. `take()` hands over the
 * seconds since the last report and starts counting again; `giveBack()` returns them when the
 * report could not be sent, so the next one carries them.
 */
export class ReadingTimer {
  private carried = 0;
  private since: number | null = null;

  constructor(private readonly now: () => number = () => performance.now()) {}

  setVisible(visible: boolean): void {
    if (visible) {
      this.since ??= this.now();
    } else if (this.since !== null) {
      this.carried += this.now() - this.since;
      this.since = null;
    }
  }

  take(): number {
    const now = this.now();
    const total = this.carried + (this.since === null ? 0 : now - this.since);
    this.carried = 0;
    if (this.since !== null) this.since = now;
    return Math.min(MAX_REPORTED_SECONDS, Math.round(total / 1000));
  }

  giveBack(seconds: number): void {
    this.carried += seconds * 1000;
  }
}
