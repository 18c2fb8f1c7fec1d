// Speed of the npm package under Node against the native CLI, on the same puzzles, one
// thread each, with a check that the answers are the same:
//
//   node bindings/js/bench.mjs [--pkg DIR] [--cli PATH] [--repeat N]
//
// DIR: the built package (default target/npm/sudokit, from scripts/package-js.sh); PATH: the
// native CLI (default target/release/sudoku; build it with `cargo build --release -p
// sudoku-cli`). Reads ../shared/data/kaggle_10k.txt (solve) and top95.txt (rate). The CLI's
// time is its whole run (process start and file reading included, a few ms); the package's
// is the calls alone, the module already loaded. The module's size is printed too.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
};
const pkg = resolve(arg('--pkg', join(repo, 'target', 'npm', 'sudokit')));
const bin = resolve(arg('--cli', join(repo, 'target', 'release', 'sudoku')));
const repeat = Number(arg('--repeat', '3'));
const data = join(repo, '..', 'shared', 'data');

const s = await import(pathToFileURL(join(pkg, 'index.js')).href);
const lines = (file) => readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));

/** The best of `repeat` runs of `work`, in ms, and its last result. */
function best(work) {
  let fastest = Infinity;
  let result;
  for (let i = 0; i < repeat; i += 1) {
    const started = performance.now();
    result = work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return [fastest, result];
}

function native(cmd, file) {
  return best(() => execFileSync(bin, [cmd, '--threads', '1', '--json', file], { encoding: 'utf8', maxBuffer: 1 << 30 })
    .split('\n').filter((l) => l !== '').map((l) => JSON.parse(l)));
}

const rows = [];
function row(what, n, jsMs, nativeMs) {
  rows.push(`| ${what} | ${n} | ${jsMs.toFixed(0)} ms (${(1000 * jsMs / n).toFixed(1)} us each) | ${nativeMs.toFixed(0)} ms (${(1000 * nativeMs / n).toFixed(1)} us each) | ${(jsMs / nativeMs).toFixed(2)}x |`);
}

const kaggleFile = join(data, 'kaggle_10k.txt');
const kaggle = lines(kaggleFile);
const [manyMs, many] = best(() => s.solveMany(kaggle));
const [oneMs] = best(() => kaggle.map((p) => s.solve(p)));
const [solveNativeMs, solvedNative] = native('solve', kaggleFile);
solvedNative.forEach((want, i) => {
  if (many[i].solution !== want.solution) throw new Error(`solve differs on line ${i + 1}`);
});
row('solve kaggle_10k (solveMany)', kaggle.length, manyMs, solveNativeMs);
row('solve kaggle_10k (solve, one call each)', kaggle.length, oneMs, solveNativeMs);

const topFile = join(data, 'top95.txt');
const top = lines(topFile);
const [rateMs, rated] = best(() => s.rateMany(top));
const [rateNativeMs, ratedNative] = native('rate', topFile);
ratedNative.forEach((want, i) => {
  const got = rated[i];
  if (got.er !== want.er || got.ep !== want.ep || got.ed !== want.ed || got.score !== want.score) {
    throw new Error(`rating differs on line ${i + 1}: ${JSON.stringify(got)} vs ${JSON.stringify(want)}`);
  }
});
row('rate top95 (rateMany)', top.length, rateMs, rateNativeMs);

const wasm = readFileSync(join(pkg, 'wasm', 'sudokit_js_bg.wasm'));
console.log(`node ${process.version}; best of ${repeat}; answers equal the CLI's`);
console.log(`sudokit_js_bg.wasm: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzipped (level 9)\n`);
console.log('| work | puzzles | Node (wasm) | native CLI, 1 thread | ratio |');
console.log('|---|---|---|---|---|');
for (const line of rows) console.log(line);
