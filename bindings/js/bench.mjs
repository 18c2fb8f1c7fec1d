// Speed of the npm package under Node against the native CLI, on the same puzzles, one
// thread each, with a check that the answers are the same:
//
//   node bindings/js/bench.mjs [--pkg DIR] [--cli PATH] [--repeat N] [--copies C]
//
// DIR: the built package (default target/npm/sudokit, from scripts/package-js.sh); PATH: the
// native CLI (default target/release/sudoku; build it with `cargo build --release -p
// sudoku-cli`). Reads ../shared/data/kaggle_10k.txt (solve, C copies) and top95.txt (rate). The CLI's
// time is its whole run (process start and file reading included, a few ms); the package's
// is the calls alone, the module already loaded. Times are CPU time (user + system: the
// steadier figure on a shared machine), the best of N runs, with wall times beside them; the
// CLI's CPU time comes from GNU time (/usr/bin/time). The module's size is printed too.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/** The best of `repeat` runs of `work`: [wall ms, CPU ms (user + system) of this process],
 *  and its last result. On a shared machine the CPU time is the steadier figure. */
function best(work) {
  let wall = Infinity;
  let cpu = Infinity;
  let result;
  for (let i = 0; i < repeat; i += 1) {
    const started = performance.now();
    const used = process.cpuUsage();
    result = work();
    const spent = process.cpuUsage(used);
    wall = Math.min(wall, performance.now() - started);
    cpu = Math.min(cpu, (spent.user + spent.system) / 1000);
  }
  return [{ wall, cpu }, result];
}

/** The CLI's time on `file` with its plain output (the best of `repeat`), and its answers
 *  (from one more run with --json). */
function native(cmd, file) {
  const run = (extra) => execFileSync(bin, [cmd, '--threads', '1', ...extra, file], { encoding: 'utf8', maxBuffer: 1 << 30 });
  // The child's CPU time (user + system), from GNU time on its standard error.
  let ms = { wall: Infinity, cpu: Infinity };
  for (let i = 0; i < repeat; i += 1) {
    const started = performance.now();
    const result = spawnSync('/usr/bin/time', ['-f', '%U %S', bin, cmd, '--threads', '1', file],
      { encoding: 'utf8', maxBuffer: 1 << 30 });
    const wall = performance.now() - started;
    if (result.status !== 0) throw new Error(`${bin} ${cmd} failed: ${result.stderr}`);
    const [user, system] = result.stderr.trim().split('\n').at(-1).split(' ').map(Number);
    ms = { wall: Math.min(ms.wall, wall), cpu: Math.min(ms.cpu, 1000 * (user + system)) };
  }
  const answers = run(['--json']).split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));
  return [ms, answers];
}

const rows = [];
function row(what, n, js, nat) {
  const each = (ms) => `${ms.toFixed(0)} ms (${(1000 * ms / n).toFixed(1)} us each)`;
  rows.push(`| ${what} | ${n} | ${each(js.cpu)} | ${each(nat.cpu)} | ${(js.cpu / nat.cpu).toFixed(2)}x | ${js.wall.toFixed(0)} / ${nat.wall.toFixed(0)} ms |`);
}

// kaggle_10k repeated `--copies` times (default 20), so that the CLI's run is long enough for
// its CPU time (GNU time counts in 10 ms steps) to mean something.
const copies = Number(arg('--copies', '20'));
const kaggle = Array(copies).fill(lines(join(data, 'kaggle_10k.txt'))).flat();
const scratch = mkdtempSync(join(tmpdir(), 'sudokit-bench-'));
const kaggleFile = join(scratch, 'kaggle.txt');
writeFileSync(kaggleFile, `${kaggle.join('\n')}\n`);
const [manyMs, many] = best(() => s.solveMany(kaggle));
const [oneMs] = best(() => kaggle.map((p) => s.solve(p)));
const [solveNativeMs, solvedNative] = native('solve', kaggleFile);
solvedNative.forEach((want, i) => {
  if (many[i].solution !== want.solution) throw new Error(`solve differs on line ${i + 1}`);
});
row(`solve kaggle_10k x ${copies} (solveMany)`, kaggle.length, manyMs, solveNativeMs);
row(`solve kaggle_10k x ${copies} (solve, one call each)`, kaggle.length, oneMs, solveNativeMs);

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
console.log('| work | puzzles | Node (wasm), CPU | native CLI, 1 thread, whole run, CPU | ratio | wall, Node / CLI |');
console.log('|---|---|---|---|---|---|');
for (const line of rows) console.log(line);
rmSync(scratch, { recursive: true });
