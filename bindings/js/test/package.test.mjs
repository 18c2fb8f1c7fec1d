// The package as installed: its entry points (the exports map, the browser entry) and size.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { install, packageDir } from './helpers.mjs';

const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

/** Runs an ES module `source` with node in `cwd`; its stdout. */
function node(source, cwd) {
  return execFileSync(process.execPath, ['--input-type=module', '-e', source], { cwd, encoding: 'utf8' }).trim();
}

test('the package names resolve through the exports map', { skip: install === null && 'not installed from the tarball (scripts/js-test.sh does)' }, () => {
  const out = node(`
    import { solve, SudokitError } from 'sudokit';
    import init, { count } from 'sudokit/web';
    import { SudokitWorker } from 'sudokit/worker-client';
    await init();
    const worker = new SudokitWorker();
    const checked = await worker.check('${EASY}');
    worker.close();
    console.log(solve('${EASY}').status, typeof SudokitError, typeof count, checked.status);
  `, install);
  assert.equal(out, 'unique function function unique');
});

test('the browser entry loads the module given to init() and refuses calls before', () => {
  const out = node(`
    import { readFileSync } from 'node:fs';
    import init, { solve, SudokitError } from './web.js';
    try { solve('${EASY}'); } catch (err) { console.log(err instanceof SudokitError, err.message.includes('init()')); }
    await init(readFileSync(new URL('./wasm/sudokit_js_bg.wasm', import.meta.url)));
    console.log(solve('${EASY}').status);
  `, packageDir);
  assert.equal(out, 'true true\nunique');
});

test('the WebAssembly module is under 400 KB gzipped', () => {
  const wasm = readFileSync(join(packageDir, 'wasm', 'sudokit_js_bg.wasm'));
  const gzipped = gzipSync(wasm, { level: 9 }).length;
  console.log(`sudokit_js_bg.wasm: ${wasm.length} bytes, ${gzipped} gzipped`);
  assert.ok(gzipped < 400 * 1024, `${gzipped} bytes gzipped`);
});
