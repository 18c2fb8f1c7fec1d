// A plain static file server for the static build's tests and figures (site.test.mjs,
// site-weight.mjs): GET of the files under a folder, nothing else, so no /api/ answers.
import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { resolve, extname, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** A plain static file server over `root` on 127.0.0.1 (a port the kernel picks): GET only. */
export function serveStatic(root) {
  const server = createServer((req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      path = '/\0'; // not a file name: answered 404 below
    }
    const file = resolve(root, `.${path.endsWith('/') ? `${path}index.html` : path}`);
    const inside = file === root || file.startsWith(root + sep);
    if (req.method !== 'GET' || !inside || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      ok({ base: `http://127.0.0.1:${port}`, stop: () => new Promise((done) => server.close(done)) });
    });
  });
}

