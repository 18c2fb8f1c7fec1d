// The worker side of client.js: loads the package in a Web Worker (module worker) or a Node
// worker thread, and answers {id, fn, args} messages with {id, ok} or {id, error, fatal}.
// `fatal` means the WebAssembly instance trapped and the client must start a new worker.

const inBrowser = typeof WorkerGlobalScope !== 'undefined';
const waiting = [];
let handle = (message) => waiting.push(message);
// Set before the first await, so that no message sent while the module loads is lost.
if (inBrowser) self.onmessage = (event) => handle(event.data);

let api;
let post;
if (inBrowser) {
  api = await import('./web.js');
  await api.default();
  post = (message) => self.postMessage(message);
} else {
  const { parentPort } = await import('node:worker_threads');
  api = await import('./index.js');
  post = (message) => parentPort.postMessage(message);
  parentPort.on('message', (message) => handle(message));
}

const FUNCTIONS = new Set([
  'solve', 'count', 'check', 'hint', 'explain', 'rate', 'canon', 'generate',
  'solveMany', 'countMany', 'rateMany',
]);

function run({ id, fn, args }) {
  post({ id, started: true });
  try {
    if (!FUNCTIONS.has(fn)) throw new api.SudokitError({ kind: 'bad_option', code: 'bad_request', message: `no function ${fn}` });
    post({ id, ok: api[fn](...args) });
  } catch (err) {
    const failure = err instanceof api.SudokitError
      ? err.toJSON()
      : { kind: 'internal', code: 'internal', message: String(err && err.message ? err.message : err) };
    post({ id, error: failure, fatal: err instanceof WebAssembly.RuntimeError });
  }
}

handle = run;
for (const message of waiting.splice(0)) run(message);
