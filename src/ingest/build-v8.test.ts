import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { BUILD_V8_FLAGS, RESTORED_V8_FLAGS } from './build-v8.js';

// v8.setFlagsFromString only prints a line for a flag V8 does not know and goes on, so a flag
// misspelt, or dropped by a later Node, would silently stop shaping the build. Node itself
// refuses an unknown V8 option on its command line: each flag must pass there.
for (const flag of [...BUILD_V8_FLAGS, ...RESTORED_V8_FLAGS]) {
  test(`build V8 flag ${flag} is one this Node's V8 knows`, () => {
    const res = spawnSync(process.execPath, [flag, '-e', '0'], { encoding: 'utf8' });
    assert.equal(res.status, 0, res.stderr);
    assert.doesNotMatch(res.stderr, /unrecognized|bad option/i);
  });
}

test('a misspelt V8 flag is refused on the command line (what the test above relies on)', () => {
  const res = spawnSync(process.execPath, ['--no-turbo-inlning', '-e', '0'], { encoding: 'utf8' });
  assert.notEqual(res.status, 0);
});
