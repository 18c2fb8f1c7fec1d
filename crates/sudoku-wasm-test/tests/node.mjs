// Rates the puzzles of cases.tsv in the WebAssembly build (made by scripts/wasm-test.sh with
// `wasm-bindgen --target nodejs` into the directory given as the first argument) and compares
// each answer with the native one. Exits non-zero on a difference or on any exception: a Rust
// panic in WebAssembly is a `RuntimeError: unreachable`.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const require = createRequire(import.meta.url);
const built = resolve(process.argv[2] ?? ".");
const wasm = require(join(built, "sudoku_wasm_test.js"));
const cases = readFileSync(new URL("../cases.tsv", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "" && !line.startsWith("#"))
  .map((line) => line.split("\t"));

let failed = 0;
for (const [puzzle, time, expected] of cases) {
  const started = performance.now();
  let got;
  try {
    got = wasm.rate(puzzle, time === "-" ? -1 : Number(time));
  } catch (err) {
    got = `exception: ${err}`;
  }
  const ms = (performance.now() - started).toFixed(0);
  const ok = got === expected;
  if (!ok) failed += 1;
  console.log(`${ok ? "ok  " : "FAIL"} ${puzzle} limit ${time}: ${got}${ok ? "" : ` (native: ${expected})`} [${ms} ms]`);
}
console.log(`${cases.length - failed} of ${cases.length} cases as native`);
process.exit(failed === 0 && cases.length > 0 ? 0 : 1);
