// The walls of docs/ARCHITECTURE.md, checked from the code itself (part of `npm run lint`):
//   1. the import rules of .dependency-cruiser.cjs (dependency-cruiser over every source file);
//   2. no loop between features: the module graph collapsed to one node per feature;
//   3. no SQL text naming a table outside its owner (the owner is the schema file's name).
// `npm run architecture` also prints the maps (tables and published views, read from the imports
// and SQL, not written by hand), which docs/ARCHITECTURE.md must show as they are (`--write-doc`).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const printMap = process.argv.includes('--map');
const writeDoc = process.argv.includes('--write-doc');

/** Tracked and new (not ignored) source files: what dependency-cruiser reads. */
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /^(server|web|domain)\/.*\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
  .filter((f) => {
    try {
      readFileSync(path.join(root, f));
      return true;
    } catch {
      return false; // deleted in the working tree
    }
  });

const cruised = JSON.parse(
  execFileSync(
    path.join(root, 'node_modules/.bin/depcruise'),
    ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...sources],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  ),
);

const problems = [];
for (const v of cruised.summary.violations)
  problems.push(
    `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (cycle: ${v.cycle.map((c) => c.name ?? c).join(' → ')})` : ''}`,
  );

// 2. Feature loops. A test file may use another feature's test helpers; the product may not loop.
const isProduction = (f) => !/\.test\.tsx?$|(^|\/)test\/|^server\/(hardening|demo)\//.test(f);
const featureOf = (f) =>
  f
    .match(/^(server|web)\/features\/([^/]+)\//)
    ?.slice(1, 3)
    .join('/') ?? null;
const featureGraph = new Map();
for (const m of cruised.modules) {
  const from = isProduction(m.source) ? featureOf(m.source) : null;
  if (!from) continue;
  if (!featureGraph.has(from)) featureGraph.set(from, new Set());
  for (const d of m.dependencies) {
    const to = featureOf(d.resolved);
    if (to && to !== from && isProduction(d.resolved)) featureGraph.get(from).add(to);
  }
}
for (const loop of loops(featureGraph)) problems.push(`no-feature-loops: ${loop.join(' → ')}`);

// 3. SQL naming a table outside its owner.
const schemaDir = path.join(root, 'server/db/schema');
const tableOwner = new Map();
for (const file of readdirSync(schemaDir)) {
  const text = readFileSync(path.join(schemaDir, file), 'utf8');
  const owner = text.match(/\(owner: ([a-z/-]+)[;)]/)?.[1];
  for (const [, name] of text.matchAll(/pgTable\(\s*'([a-z_]+)'/g)) tableOwner.set(name, owner ?? `?${file}`);
}
const ownerOf = (f) =>
  featureOf(f)?.replace(/^server\//, '') ?? f.match(/^server\/(platform\/[^/.]+)/)?.[1] ?? null;
const SQL_TABLE = /\b(?:from|join|into|update|table|exists \(select 1 from)\s+"?([a-z_]+)"?/gi;
// The backup and restore commands copy every table by design: the operator's tools, not features.
const TOOLS = /^server\/(db|cli)\//;
const ONE_STATEMENT_FILE = 'server/features/registration/repository.ts';
const oneStatementTables = new Set(
  readFileSync(path.join(root, ONE_STATEMENT_FILE), 'utf8')
    .match(/one-statement-tables: (.*)/)?.[1]
    .split(' '),
);
for (const f of sources.filter((s) => s.startsWith('server/') && isProduction(s) && !TOOLS.test(s))) {
  const text = readFileSync(path.join(root, f), 'utf8');
  const owner = ownerOf(f);
  const named = new Set([...text.matchAll(SQL_TABLE)].map((m) => m[1].toLowerCase()));
  // The public request's two statements name their owners' tables (decision 0091): the one
  // exemption, for the tables its file lists and no other.
  const exempt = f === ONE_STATEMENT_FILE ? oneStatementTables : null;
  for (const table of named) {
    const tOwner = tableOwner.get(table);
    if (tOwner && tOwner !== owner && !exempt?.has(table))
      problems.push(`sql-owner-only: ${f} names the table ${table} (owner: ${tOwner})`);
  }
}

// The maps: each table with its owner, the features whose code touches it and who calls the owner;
// each published view with its owner and readers. docs/ARCHITECTURE.md holds them between markers.
{
  // Who calls each owner's exports: the features (and server parts) importing its index.ts.
  const callers = new Map();
  for (const m of cruised.modules) {
    if (!isProduction(m.source) || !m.source.startsWith('server/')) continue;
    const me = ownerOf(m.source) ?? m.source;
    for (const d of m.dependencies) {
      const owner = d.resolved.match(/^server\/(features\/[^/]+)\/index\.ts$/)?.[1]?.replace('features/', '');
      const platform = d.resolved.match(/^server\/(platform\/[^/.]+)/)?.[1];
      const target = owner ?? platform;
      if (!target || target === me) continue;
      if (!callers.has(target)) callers.set(target, new Set());
      callers.get(target).add(me);
    }
  }
  // The features whose code imports each schema file: exactly one, its owner.
  const importers = new Map();
  for (const m of cruised.modules) {
    if (!isProduction(m.source)) continue;
    for (const d of m.dependencies) {
      const schema = d.resolved.match(/^server\/db\/schema\/([a-z-]+)\.ts$/)?.[1];
      if (!schema || schema === 'index' || schema === 'columns') continue;
      const who = ownerOf(m.source) ?? m.source.replace(/^server\/db\/.*/, 'db');
      if (who === 'db') continue;
      if (!importers.has(schema)) importers.set(schema, new Set());
      importers.get(schema).add(who);
    }
  }
  const rows = [...tableOwner].sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));
  const tableLines = ['| table | owner | features touching it | who calls the owner |', '|---|---|---|---|'];
  for (const [table, owner] of rows) {
    const file = owner.replace(/^platform\//, '');
    const oneStatement = oneStatementTables.has(table) ? ['registration (one statement, 0091)'] : [];
    const touching = [...(importers.get(file) ?? []), ...oneStatement].sort().join(', ') || '—';
    const calls = [...(callers.get(owner) ?? [])].sort().join(', ') || '—';
    tableLines.push(`| ${table} | ${owner} | ${touching} | ${calls} |`);
  }
  // The published views (server/db/views.ts): each one's owner, and the features reading it.
  const viewsFile = readFileSync(path.join(root, 'server/db/views.ts'), 'utf8');
  const views = [
    ...viewsFile.matchAll(/Owner: ([a-z/-]+)\.[\s\S]*?export const (\w+) = pgView\('([a-z_]+)'/g),
  ].map(([, owner, name, table]) => ({ owner, name, table }));
  const readers = new Map(views.map((v) => [v.name, new Set()]));
  for (const f of sources.filter(isProduction)) {
    const text = readFileSync(path.join(root, f), 'utf8');
    const imported = text.match(/import \{([^}]*)\} from '[./]+db\/views'/)?.[1];
    if (!imported) continue;
    for (const name of imported.split(',').map((n) => n.trim())) readers.get(name)?.add(ownerOf(f) ?? f);
  }
  const viewLines = ['| published view | owner | features reading it |', '|---|---|---|'];
  for (const v of views)
    viewLines.push(`| ${v.table} | ${v.owner} | ${[...readers.get(v.name)].sort().join(', ') || '—'} |`);

  const maps = { 'table-map': tableLines.join('\n'), 'view-map': viewLines.join('\n') };
  if (printMap) console.log(`${maps['table-map']}\n\n${maps['view-map']}\n`);
  const docPath = path.join(root, 'docs/ARCHITECTURE.md');
  let doc = readFileSync(docPath, 'utf8');
  for (const [name, table] of Object.entries(maps)) {
    const marked = new RegExp(`(<!-- ${name} -->\\n)[\\s\\S]*?(\\n<!-- /${name} -->)`);
    const now = doc.match(marked)?.[0];
    const want = `<!-- ${name} -->\n${table}\n<!-- /${name} -->`;
    if (now === want) continue;
    if (writeDoc) doc = doc.replace(marked, want);
    else
      problems.push(
        `docs/ARCHITECTURE.md: the ${name} is not the code's (npm run architecture -- --write-doc)`,
      );
  }
  if (writeDoc) writeFileSync(docPath, doc);
}

if (problems.length) {
  console.error(
    `The architecture's walls do not hold (docs/ARCHITECTURE.md "Enforced"):\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(
  `architecture: ${cruised.summary.totalCruised} modules, ${featureGraph.size} features, ${tableOwner.size} tables: every wall holds`,
);

/** The loops of a directed graph (one per strongly connected component of two or more nodes). */
function loops(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) found.push([...scc.reverse(), scc[0]]);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}
