import type { FullResult, Reporter, Suite, TestError } from '@playwright/test/reporter';

/**
 * Says again, at the very end of the output, what went wrong outside any test and which tests did
 * not run: the line reporter prints such an error only when it happens, and CI keeps the tail.
 */
export default class RecapReporter implements Reporter {
  private suite?: Suite;
  private readonly errors: TestError[] = [];

  onBegin(_config: unknown, suite: Suite) {
    this.suite = suite;
  }

  onError(error: TestError) {
    this.errors.push(error);
  }

  onEnd(result: FullResult) {
    if (result.status === 'passed') return;
    const notRun = (this.suite?.allTests() ?? []).filter(
      (test) => test.outcome() === 'skipped' && test.expectedStatus !== 'skipped',
    );
    if (!this.errors.length && !notRun.length) return;
    const lines = ['', 'Recap of what went wrong outside the tests:'];
    for (const error of this.errors) lines.push(`- ${error.stack ?? error.message ?? String(error.value)}`);
    for (const test of notRun) lines.push(`- did not run: ${test.titlePath().filter(Boolean).join(' › ')}`);
    console.log(lines.join('\n'));
  }

  printsToStdio() {
    return false;
  }
}
