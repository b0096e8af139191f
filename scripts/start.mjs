// `npm start`: build when dist/ is missing or stale, then run the production server in this
// process (so Ctrl-C reaches it directly and it shuts down cleanly).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsStale, mustRun, root } from './lib.mjs';

if (buildIsStale()) {
  console.log('The build is missing or older than the sources: building first (about a minute)...');
  await mustRun('build', process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
}
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
