import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serverEnvironment } from '../../src/sources/server-environment.ts';

test('serverEnvironment: a withheld name is dropped, an explicit one passed; case matters only where the platform ignores it', () => {
  const env = { PATH: '/bin', MCPFUSION_SECRET: 's1', mcpfusion_secret: 's2', OTHER: 'o' };
  assert.equal(serverEnvironment({ env, withheldEnv: ['MCPFUSION_SECRET'] }, {}, false), { PATH: '/bin', mcpfusion_secret: 's2', OTHER: 'o' });
  // Windows: `--secret-env mcpfusion_secret` reads MCPFUSION_SECRET, so every spelling goes.
  assert.equal(serverEnvironment({ env: { PATH: 'C:\\bin', MCPFUSION_SECRET: 's1' }, withheldEnv: ['mcpfusion_secret'] }, {}, true), { PATH: 'C:\\bin' });
  assert.equal(serverEnvironment({ env, withheldEnv: ['OTHER'] }, { OTHER: 'given' }, false).OTHER, 'given');
  assert.equal(serverEnvironment({ env }, {}, false), env);
});

test('serverEnvironment on Windows: a variable given explicitly replaces the inherited one of any spelling', () => {
  // Node on Windows passes only the first of two spellings in code-unit order: `Path` before
  // `path`, `NODE_ENV` before `node_env`; so an explicit `node_env=production` was dropped.
  const env = { Path: 'C:\\Windows', NODE_ENV: 'development', Other: 'o' };
  assert.equal(serverEnvironment({ env }, { path: 'C:\\tools', node_env: 'production' }, true), { Other: 'o', path: 'C:\\tools', node_env: 'production' });
  // Where case matters, both spellings are variables of their own.
  assert.equal(serverEnvironment({ env }, { node_env: 'production' }, false), { ...env, node_env: 'production' });
});

test.run();
