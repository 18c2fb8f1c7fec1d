// The browser entry: `await init()` once (it fetches sudokit_js_bg.wasm next to this file, or
// takes a URL, Response, bytes or a WebAssembly.Module), then call the functions.
import load, * as glue from './wasm/sudokit_js.js';
import { bind } from './api.js';

export * from './api.js';

let loading = null;

export default function init(input) {
  if (loading === null) {
    loading = load(input === undefined ? undefined : { module_or_path: input }).then(() => {
      bind(glue);
    });
  }
  return loading;
}
