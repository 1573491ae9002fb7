/**
 * A third adversarial review of the code scanner (evade3): 176 hostile handlers, mostly JavaScript,
 * TypeScript and Python (95 and 64) plus Go and Rust in styles the earlier reviews did not try (17),
 * each labelled before the scanner ran (labels hashed in the commit that added them) with what it
 * must report: a family (a capability finding of it), or `evasion>=warning` (an evasion finding at
 * that level or above); `a|b` accepts either. 46 benign look-alikes, hashed with them, and the
 * benign neighbours written next to each fix must report exactly the families listed and no
 * evasion or not-analyzed finding above a note.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanSource } from '../../src/scan/scan-source.ts';
import { missedHostile, wrongBenign } from './_evasion-labels.ts';

const root = fileURLToPath(new URL('../fixtures/scan/evasion-review3/', import.meta.url));

/** Misses left, kept visible (each listed with why in docs/scan.md). */
// Before the fixes 15 of the 176 were missed (js 10, py 2, go-rust 3); the benign set had the one
// difference below from the start.
const KNOWN_MISSES: Record<string, string[]> = {
  js: [
    // new Function('return import("child_process")')(): the label asked for code evaluation, but a
    // Function body spelled in constants is this file's code by design (docs/scan.md, "A Function
    // called directly"): it is scanned, and its child_process import is reported at the call.
    'j42-function-import',
  ],
  py: [],
  'go-rust': [],
};

/** Benign cases whose findings differ from their label, kept visible with the reason. */
const KNOWN_WRONG: string[] = [
  // func Describe(c *exec.Cmd) string { return c.Path }: os/exec.Cmd as a parameter type is still
  // subprocess.go-exec. A type position is not told apart from `var c exec.Cmd; c.Path = …; c.Run()`,
  // which starts a process with no constructor call; over-reporting is the safe side.
  'bg01-cmd-type-only: subprocess ',
];

for (const set of Object.keys(KNOWN_MISSES)) {
  test(`hostile ${set}: every label met, apart from the known misses`, async () => {
    const missed = await missedHostile(join(root, 'hostile', set));
    assert.equal(missed, KNOWN_MISSES[set]);
  });
}

test('benign look-alikes (hashed with the hostile set): exactly the families expected, nothing above a note', async () => {
  assert.equal(await wrongBenign(join(root, 'benign')), KNOWN_WRONG);
});

test('benign neighbours of the fixes: exactly the families expected, nothing above a note', async () => {
  assert.equal(await wrongBenign(join(root, 'benign-neighbours')), []);
});

const ids = (text: string): string[] => scanSource(text, { file: 'x.mjs' }).findings.map((f) => `${f.id}:${f.identifier ?? f.confidence}`).sort();

test('process.getBuiltinModule through an alias of the global object or of process is a require', () => {
  assert.equal(ids("const g = globalThis;\ng.process.getBuiltinModule('child_process').execSync(c);"), ['evasion.aliased-require:medium', 'subprocess.child-process:child_process.execSync']);
  assert.equal(ids("const p = process;\np.getBuiltinModule?.('node:fs').writeFileSync(a, b);"), ['evasion.aliased-require:medium', 'filesystem.node-fs-write:fs.writeFileSync']);
  // Other members of an alias of process are what they were.
  assert.equal(ids('const p = process;\np.version;'), []);
});

test.run();
