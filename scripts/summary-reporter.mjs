// node:test reporter that counts leaf tests and writes one JSON summary line at the end.
// Suites are not tests; a suite counts as a failure only when its own hooks failed.
export default async function* summaryReporter(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    const data = event.data ?? {};
    const isSuite = data.details?.type === 'suite';
    if (event.type === 'test:pass') {
      if (isSuite) continue;
      if (data.skip || data.todo) skipped += 1;
      else passed += 1;
    } else if (event.type === 'test:fail') {
      if (isSuite && data.details?.error?.failureType === 'subtestsFailed') continue;
      failed += 1;
    }
  }
  yield `${JSON.stringify({ passed, failed, skipped })}\n`;
}
