// Packaging and layout: an ES module without dependencies; src/common imports nothing
// from Node (only its own relative modules), as vscode-jsonrpc keeps common/ apart.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));

test('package.json: ES module, no dependencies, exports with types, node --test', () => {
  assert.equal(pkg.name, 'ordo-client');
  assert.equal(pkg.type, 'module');
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies']) {
    assert.equal(pkg[field], undefined, field);
  }
  assert.equal(pkg.types, './index.d.ts');
  assert.deepEqual(pkg.exports['.'], { types: './index.d.ts', default: './index.js' });
  assert.equal(pkg.scripts.test, 'node --test test/');
});

test('the package resolves by its own name', async () => {
  const byName = await import('ordo-client');
  const byPath = await import('../index.js');
  assert.equal(byName.Engine, byPath.Engine);
});

test('src/common imports nothing from Node and uses no Node globals', () => {
  const dir = new URL('src/common/', root);
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
  assert.ok(files.length >= 4);
  for (const file of files) {
    const text = readFileSync(new URL(file, dir), 'utf8');
    const code = text.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const m of code.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]/g)) {
      const spec = m[1] ?? m[2];
      assert.ok(spec.startsWith('./'), `${file} imports ${spec}`);
    }
    for (const name of ['require(', 'process.', 'Buffer', '__dirname', 'setImmediate']) {
      assert.ok(!code.includes(name), `${file} uses ${name}`);
    }
  }
});
