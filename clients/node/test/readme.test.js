// The READMEs' Node examples run as printed (with the import pointed at this checkout's
// client): a first-time user copies them, so an undefined name there is a defect.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { test } from 'node:test';

import { BIN } from './helpers.js';

const CLIENT = pathToFileURL(fileURLToPath(new URL('../index.js', import.meta.url))).href;
const READMES = {
  'clients/node/README.md': new URL('../README.md', import.meta.url),
  'README.md': new URL('../../../README.md', import.meta.url),
};

/** The ```js blocks of `file` that start an engine. */
function examples(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/```js\n([\s\S]*?)```/g)]
    .map((match) => match[1])
    .filter((block) => block.includes('Engine.spawn('));
}

for (const [name, file] of Object.entries(READMES)) {
  const blocks = examples(file);
  test(`${name} has a runnable Node example`, () => assert.ok(blocks.length >= 1));
  blocks.forEach((block, index) => {
    test(`${name}: Node example ${index + 1} runs as printed`, async () => {
      const source = block.replace(/from '(?:ordo-client|\.\/clients\/node\/index\.js)'/, `from '${CLIENT}'`);
      assert.notEqual(source, block, 'the example imports the client');
      const folder = mkdtempSync(join(tmpdir(), 'ordo-readme-'));
      try {
        const script = join(folder, 'example.mjs');
        writeFileSync(script, source);
        const { stdout } = await promisify(execFile)(process.execPath, [script], {
          env: { ...process.env, ORDO_BIN: BIN },
          timeout: 20000,
        });
        assert.match(stdout, /show,? A/, 'the alert.show listener ran');
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  });
}
