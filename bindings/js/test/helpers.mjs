// Where the tests find the built package, the native CLI and the puzzle data. The package is
// the one scripts/js-test.sh installed from the tarball (SUDOKIT_INSTALL); by default the
// unpacked build in target/npm/sudokit.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repo = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
export const install = process.env.SUDOKIT_INSTALL || null;
export const packageDir = install !== null
  ? join(install, 'node_modules', 'sudokit')
  : join(repo, 'target', 'npm', 'sudokit');
export const bin = process.env.SUDOKU_BIN || join(repo, 'target', 'debug', 'sudoku');
export const data = join(repo, '..', 'shared', 'data');

/** Imports a file of the built package. */
export function load(file) {
  return import(pathToFileURL(join(packageDir, file)).href);
}

/** Runs the native CLI with `args` on `input` (lines); its stdout as lines. Exit status 1
 *  (some puzzle had no full answer) is an answer too; any other failure throws. */
export function cli(args, input = '') {
  let out;
  try {
    out = execFileSync(bin, args, { input, encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['pipe', 'pipe', 'ignore'] });
  } catch (err) {
    if (err.status !== 1) throw err;
    out = err.stdout;
  }
  return out.split('\n').filter((line) => line !== '');
}

/** The non-comment lines of a file of the repository's testdata. */
export function testdata(name) {
  return readFileSync(join(repo, 'testdata', name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

/** A data-set file's lines, or null when the data is missing (and not in CI, where a
 *  missing data set fails the test). */
export function dataset(name) {
  const path = join(data, name);
  if (!existsSync(path)) {
    if (process.env.CI) throw new Error(`${path} is missing (data-set tier in CI)`);
    return null;
  }
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
}

/** The top95 puzzles used by the quick tier: committed in the wasm test's cases.tsv. */
export function hardCases() {
  return readFileSync(join(repo, 'crates', 'sudoku-wasm-test', 'cases.tsv'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t'));
}
