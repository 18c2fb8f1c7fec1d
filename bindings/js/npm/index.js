// The Node entry: the WebAssembly module is read from the package and instantiated at import,
// so every function is ready to call.
import { readFileSync } from 'node:fs';
import { initSync } from './wasm/sudokit_js.js';
import * as glue from './wasm/sudokit_js.js';
import { bind } from './api.js';

initSync({ module: readFileSync(new URL('./wasm/sudokit_js_bg.wasm', import.meta.url)) });
bind(glue);

export * from './api.js';

/** Nothing to do in Node (the module is loaded at import); here for code shared with browsers. */
export default async function init() {}
