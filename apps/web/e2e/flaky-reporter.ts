import type { Reporter, TestCase } from 'vitest/node';

/**
 * Lists every journey that failed once and passed on its retry (vitest.config.ts `retry: 1`), with
 * the first error, so a flake is seen in the CI log instead of passing silently.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(test: TestCase) {
    const diagnostic = test.diagnostic();
    if (!diagnostic?.flaky) return;
    const first = test.result().errors?.[0]?.message?.split('\n')[0] ?? '(no error recorded)';
    this.flaky.push(`${test.module.moduleId} > ${test.fullName}\n    first try: ${first}`);
  }

  onTestRunEnd() {
    if (!this.flaky.length) return;
    console.log(`\nFLAKY (passed on retry): ${this.flaky.length}`);
    for (const line of this.flaky) console.log(`  ${line}`);
  }
}
