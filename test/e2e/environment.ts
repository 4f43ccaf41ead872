// The browser tests' jest environment: Node's, plus one thing. When a test fails, the report of the pages and
// servers it had open (failure-report.ts, installed by the harness) is added to the failure jest prints, while
// those pages are still open (before the file's afterEach and afterAll hooks close them).
import NodeEnvironment from 'jest-environment-node';
import type { Circus } from '@jest/types';
import { FAILURE_REPORT_KEY, type FailureReporter } from './failure-report';

function fullName(test: Circus.TestEntry): string {
  const names: string[] = [test.name];
  for (let block: Circus.DescribeBlock | undefined = test.parent; block && block.parent; block = block.parent) names.unshift(block.name);
  return names.join(' ');
}

export default class E2eEnvironment extends NodeEnvironment {
  private testStartedAt = Date.now();

  async handleTestEvent(event: Circus.AsyncEvent | Circus.SyncEvent): Promise<void> {
    if (event.name === 'test_fn_start') this.testStartedAt = Date.now();
    if (event.name !== 'test_fn_failure') return;
    const report = (this.global as unknown as Record<symbol, FailureReporter | undefined>)[FAILURE_REPORT_KEY];
    if (!report) return;
    let text: string;
    try {
      text = await report(fullName(event.test), this.testStartedAt);
    } catch (error) {
      text = `Diagnostics of the failure could not be gathered: ${(error as Error).message}`;
    }
    // A second error of the test: jest prints it under the first, without a stack of its own.
    const diagnostics = new Error(text);
    diagnostics.stack = text;
    event.test.errors.push(diagnostics);
  }
}
