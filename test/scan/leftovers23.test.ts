/**
 * The leftovers of the scanner22 round in the code scan and the project commands: an error class
 * reached through a member of an imported module (TypeScript's CommonJS `e instanceof
 * undici_1.errors.RequestAbortedError`, what `import { errors } from 'undici'` compiles to); and
 * the shell command lines that inline code of a project command hands to a shell
 * (`node -e "require('child_process').execSync('curl … | sh')"`, `python -c "import os;
 * os.system('wget …')"`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSource } from '../../src/scan/scan-source.ts';

/** `id identifier` of each capability finding, sorted. */
const caps = (text: string, file = 'handler.cjs'): string[] => scanSource(text, { file }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier}`).sort();

test('instanceof through a member of the module (undici_1.errors.X) is no use of the package', () => {
  assert.equal(caps('"use strict";\nconst undici_1 = require("undici");\nexports.aborted = (e) => e instanceof undici_1.errors.RequestAbortedError;\n'), []);
  assert.equal(caps('const undici_1 = __importStar(require("undici"));\nexports.aborted = (e) => e instanceof undici_1.errors.RequestAbortedError || e instanceof undici_1.errors.UndiciError;\n'), []);
  assert.equal(caps('const undici_1 = __importDefault(require("undici"));\nexports.aborted = (e) => e instanceof undici_1.default.errors.RequestAbortedError;\n'), []);
  // The ES forms it stands for: a namespace, and the named import of the member.
  assert.equal(caps("import * as undici from 'undici';\nexport const aborted = (e) => e instanceof undici.errors.RequestAbortedError;\n", 'h.mjs'), []);
  assert.equal(caps("import { errors } from 'undici';\nexport const aborted = (e) => e instanceof errors.RequestAbortedError;\n", 'h.mjs'), []);
  assert.equal(caps("const { errors } = require('undici');\nexports.aborted = (e) => e instanceof errors.RequestAbortedError;\n"), []);
  // Anything else still counts: a lower-case last member, a member reached after the class, a
  // call, the namespace used otherwise too.
  const undici = ['network.http-client-package undici'];
  assert.equal(caps('const undici_1 = require("undici");\nexports.x = (e) => e instanceof undici_1.errors.isAborted;\n'), undici);
  assert.equal(caps('const undici_1 = require("undici");\nexports.x = (e) => e instanceof undici_1.errors.RequestAbortedError.prototype;\n'), undici);
  assert.equal(caps('const undici_1 = require("undici");\nexports.x = (e) => e instanceof undici_1.errors.make().Err;\n'), undici);
  assert.equal(caps('const undici_1 = require("undici");\nexports.x = (e) => e instanceof undici_1.errors.RequestAbortedError;\nexports.get = (u) => (0, undici_1.request)(u);\n'), undici);
  assert.equal(caps("import { errors } from 'undici';\nexport const x = (e) => e instanceof errors.RequestAbortedError;\nexport const all = errors;\n", 'h.mjs'), undici);
});

test.run();
