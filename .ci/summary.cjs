// Sums the suites' jest JSON results into CI's closing line. A browser file that failed and then passed on
// its second run (see .ci/run) counts as passed and is named as flaky, with the tests that failed the first time.
const fs = require('fs');
const path = require('path');

const dir = process.argv[2];
const read = (name) => {
  const file = path.join(dir, `${name}.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
};
const suiteFailuresOf = (r) => r.numFailedTestSuites - r.testResults.filter((s) => s.assertionResults.some((a) => a.status === 'failed')).length;
const relative = (file) => path.relative(process.cwd(), file);

let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of ['unit', 'heavy', 'pg', 'e2e', 'faults', 'soak']) {
  const r = read(name);
  if (!r) {
    console.log(`${name}: did not run to the end`);
    failed += 1;
    continue;
  }
  let suitePassed = r.numPassedTests;
  let suiteFailed = r.numFailedTests + Math.max(0, suiteFailuresOf(r));
  let note = suiteFailuresOf(r) > 0 ? `, ${suiteFailuresOf(r)} suite(s) failed to run` : '';
  const rerun = read(`${name}-rerun`);
  if (rerun) {
    const rerunFiles = new Set(rerun.testResults.map((s) => s.name));
    const firstRun = r.testResults.filter((s) => rerunFiles.has(s.name));
    suitePassed = r.numPassedTests - firstRun.reduce((n, s) => n + s.assertionResults.filter((a) => a.status === 'passed').length, 0) + rerun.numPassedTests;
    suiteFailed = rerun.numFailedTests + Math.max(0, suiteFailuresOf(rerun));
    const flaky = rerun.testResults.filter((s) => s.status === 'passed');
    for (const s of flaky) {
      const first = firstRun.find((f) => f.name === s.name);
      const names = first ? first.assertionResults.filter((a) => a.status === 'failed').map((a) => a.title) : [];
      console.log(`${name}: flaky: ${relative(s.name)} failed, then passed on its second run (${names.join('; ') || 'the file did not run'})`);
    }
    note += flaky.length > 0 ? `, ${flaky.length} file(s) passed only on a second run` : '';
  }
  console.log(`${name}: ${suitePassed} passed, ${suiteFailed} failed, ${r.numPendingTests} skipped${note}`);
  passed += suitePassed;
  failed += suiteFailed;
  skipped += r.numPendingTests;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
