/**
 * A server that stops on a native addon (compiled code Node.js loads from a `.node` file) is told
 * what is missing and how to fix it: not built (better-sqlite3 12.11.1 installed with
 * `--ignore-scripts`: only bindings' "Could not locate the bindings file" and its list of paths
 * before), built for another Node.js, not loadable here, or a build that failed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { nativeAddon, nativeAddonHint } from '../../src/sources/native-addon-hint.ts';

const NODE = process.execPath;

test('the stderr of better-sqlite3 12.11.1 installed with --ignore-scripts (as it printed it): not built, its package named, npm rebuild offered', () => {
  const lines = readFileSync(join(ROOT, 'test/fixtures/native-addon/better-sqlite3-12.11.1-ignore-scripts.stderr'), 'utf8').split('\n');
  const found = nativeAddon(lines);
  assert.equal(found, { id: 'addon.not-built', line: 'Error: Could not locate the bindings file. Tried:', pkg: 'better-sqlite3' });
  const hint = nativeAddonHint(found!);
  assert.ok(hint.includes('native addon of better-sqlite3'), hint);
  assert.ok(hint.includes('npm rebuild better-sqlite3 where its node_modules folder is'), hint);
  assert.ok(hint.includes('--ignore-scripts'), hint);
});

test('each row: another NODE_MODULE_VERSION (over four lines, as Node prints it), dlopen, node-gyp-build, gyp and prebuild-install errors', () => {
  const abi = nativeAddon([
    "Error: The module '/srv/app/node_modules/@scope/addon/build/Release/a.node'",
    'was compiled against a different Node.js version using',
    'NODE_MODULE_VERSION 115. This version of Node.js requires',
    'NODE_MODULE_VERSION 108. Please try re-compiling or re-installing',
    'the module (for instance, using `npm rebuild` or `npm install`).',
    "    at Module._extensions..node (node:internal/modules/cjs/loader:1460:18) {",
    "  code: 'ERR_DLOPEN_FAILED'",
  ]);
  assert.equal(abi, { id: 'addon.other-node', line: 'was compiled against a different Node.js version using', pkg: '@scope/addon', built: 115, needs: 108 });
  assert.ok(nativeAddonHint(abi!).includes('built for another Node.js (NODE_MODULE_VERSION 115) than the one it ran on (NODE_MODULE_VERSION 108)'));
  assert.is(nativeAddon(['Error: No native build was found for platform=linux arch=x64 runtime=node abi=115 uv=1 libc=glibc node=20.20.2', '    loaded from: /srv/node_modules/sodium-native'])?.pkg, 'sodium-native');
  assert.is(nativeAddon(['gyp ERR! stack Error: not found: make'])?.id, 'addon.build-failed');
  assert.is(nativeAddon(['prebuild-install warn install No prebuilt binaries found (target=20.20.2 runtime=node arch=x64 libc= platform=linux)'])?.id, 'addon.build-failed');
  assert.is(nativeAddon(['Error: /srv/node_modules/keytar/build/Release/keytar.node: cannot open shared object file: No such file or directory'])?.id, 'addon.not-loadable');
  // Nothing of an addon: no finding (a package not installed is the missing-dependency hint's).
  assert.is(nativeAddon(["Error: Cannot find module 'jsdom'", 'Require stack:', '- /srv/node_modules/x/index.js']), undefined);
});

/** A folder with a package `fake-addon` whose index requires its `build/Release/fake.node`, and a server using it. */
function withAddon(addon: 'missing' | 'garbage' | 'other-node'): string {
  const dir = tempDir();
  const pkg = join(dir, 'node_modules/fake-addon');
  mkdirSync(join(pkg, 'build/Release'), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), '{"name": "fake-addon", "version": "1.0.0", "main": "index.js"}\n');
  const file = join(pkg, 'build/Release/fake.node');
  // A file that is no shared object: Node's own dlopen fails on it (ERR_DLOPEN_FAILED).
  if (addon === 'garbage') writeFileSync(file, 'not an ELF file\n'.repeat(64));
  writeFileSync(join(pkg, 'index.js'), addon === 'other-node'
    // What Node throws for an addon built for another Node.js (scripted: no such addon is built here).
    ? `const e = new Error("The module '" + __dirname + "/build/Release/fake.node'\\nwas compiled against a different Node.js version using\\nNODE_MODULE_VERSION 999. This version of Node.js requires\\nNODE_MODULE_VERSION " + process.versions.modules + ". Please try re-compiling or re-installing\\nthe module (for instance, using \`npm rebuild\` or \`npm install\`).");\ne.code = 'ERR_DLOPEN_FAILED';\nthrow e;\n`
    : "module.exports = require('./build/Release/fake.node');\n");
  writeFileSync(join(dir, 'server.cjs'), "require('fake-addon');\n");
  return dir;
}

for (const [addon, id, says] of [
  ['missing', 'not built', 'native addon of fake-addon (compiled code Node.js loads from a .node file) that is not built'],
  ['garbage', 'not loadable', 'native addon of fake-addon (compiled code Node.js loads from a .node file) that this system cannot load'],
  ['other-node', 'built for another Node.js', `built for another Node.js (NODE_MODULE_VERSION 999) than the one it ran on (NODE_MODULE_VERSION ${process.versions.modules})`],
] as const) {
  test(`a server stopping on an addon ${id} (a real process, ${addon}): the failure names it and how to fix it`, () => {
    const dir = withAddon(addon);
    const r = runCli(['lock', '--server', `${NODE} server.cjs`, '--handshake-timeout', '60000'], { cwd: dir });
    assert.is(r.code, 3, r.stderr);
    assert.ok(r.stderr.includes(says), r.stderr);
    assert.ok(r.stderr.includes('npm rebuild fake-addon where its node_modules folder is'), r.stderr);
    // Not read as a package that is not installed.
    assert.not.ok(r.stderr.includes('which is not installed'), r.stderr);
  });
}

test.run();
