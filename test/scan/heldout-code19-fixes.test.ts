/**
 * The fixes of the heldout-code19 round, each on handlers written beside it: in CommonJS
 * `module.constructor` is the class `require('module')` returns, so `Module._load(x)` through it is
 * `code-evaluation.module-internals` as through `require('module')`. Neighbours that must still
 * count, or stay nothing, sit beside it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSource } from '../../src/scan/scan-source.ts';

/** `id identifier` of each capability finding, sorted. */
const caps = (text: string, file = 'plugins.js'): string[] => scanSource(text, { file }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier}`).sort();

test('Module._load through module.constructor is code-evaluation.module-internals, as through require(\'module\')', () => {
  const viaRequire = caps("const Module = require('module');\nexports.load = (name) => Module._load(name, module, false);");
  assert.equal(viaRequire, ['code-evaluation.module-internals module._load']);
  assert.equal(caps("const Module = module.constructor;\nexports.load = (name) => Module._load(name, module, false);"), viaRequire);
  assert.equal(caps("exports.load = (name) => module.constructor._load(name, module, false);"), viaRequire);
  // A literal name is also the require of that module.
  assert.equal(caps("module.constructor._load('child_process').execSync('id');"), ['code-evaluation.module-internals module._load', 'subprocess.child-process child_process.execSync']);
  assert.equal(caps("const M = module.constructor;\nconst m = new M('x', module);\nm._compile(code, 'x.js');"), ['code-evaluation.module-internals module._compile']);
});

test('module.constructor read for its harmless members, or a parameter named module: nothing', () => {
  assert.equal(caps("const M = module.constructor;\nexports.isCore = (n) => M.builtinModules.includes(n);"), []);
  assert.equal(caps("const { isBuiltin } = module.constructor;\nexports.isCore = (n) => isBuiltin(n);"), []);
  // `module` is a parameter here, not the CommonJS module: its constructor is whatever was passed.
  assert.equal(caps("exports.kind = function (module) { const M = module.constructor; return M._load ? 'loader' : M.name; };"), []);
});

test.run();
