// The TypeScript declarations compile with the usage in types/usage.ts (tsc --strict), when
// scripts/js-test.sh installed typescript next to the package.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { install } from './helpers.mjs';

const tsc = install === null ? null : join(install, 'node_modules', '.bin', 'tsc');
const missing = (tsc === null || !existsSync(tsc)) && 'typescript is not installed (scripts/js-test.sh installs it)';

test('the .d.ts files type the documented usage and reject misuse', { skip: !process.env.CI && missing }, () => {
  assert.ok(!missing, missing);
  const usage = fileURLToPath(new URL('./types/usage.ts', import.meta.url));
  // The file is compiled from inside the scratch project, so that 'sudokit' resolves there.
  const copy = join(install, 'usage.ts');
  execFileSync('cp', [usage, copy]);
  execFileSync(tsc, ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext',
    '--target', 'es2022', copy], { cwd: install, encoding: 'utf8' });
});
