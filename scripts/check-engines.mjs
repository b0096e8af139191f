// Every installed package must declare the oldest Node.js the project supports (decisions 0030
// and 0080): the build machines run Node 20, the clinic's servers 22 or 24. npm only warns
// (EBADENGINE) when a package asks for a newer Node, and a warning scrolls past; this check reads
// the lock file, which records each package's `engines`, and fails with the packages to pin.
import { readFileSync } from 'node:fs';
import semver from 'semver';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const oldest = semver.minVersion(root.engines.node);

const refused = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  const wanted = entry.engines?.node;
  // Some old packages write `engines` as an array of strings; none of those limit Node.
  if (!path || typeof wanted !== 'string') continue;
  if (!semver.satisfies(oldest, wanted, { includePrerelease: true })) {
    refused.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${wanted}`);
  }
}

if (refused.length > 0) {
  console.error(`These packages do not declare Node ${oldest} (package.json engines: ${root.engines.node}):`);
  for (const line of refused) console.error(`  ${line}`);
  console.error('Take the newest version that declares it, or an override; see docs/decisions/0080.');
  process.exit(1);
}
console.log(`every locked package declares Node ${oldest}`);
