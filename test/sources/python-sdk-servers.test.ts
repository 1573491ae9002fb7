/**
 * Servers written with the Python MCP SDKs (test/fixtures/python-mcp-server/live): the official
 * SDK's MCPServer (mcp 2.x; FastMCP in mcp 1.x) and its low-level Server, and FastMCP (the
 * `fastmcp` package). They list what JavaScript servers seldom do: output schemas derived from
 * return type hints, tool annotations, resource templates (a wildcard, a query parameter),
 * prompts with non-string arguments, every list in pages. Each is locked over stdio, checked over
 * stdio, then served over HTTP on 127.0.0.1 (stateful, stateless, JSON-response Streamable HTTP,
 * or HTTP+SSE) and locked and checked there: the lockfile MUST be the same bytes whatever the
 * transport.
 *
 * The Python interpreter is `MCPFUSION_TEST_PYTHON` (a virtual environment's python with `mcp`
 * and `fastmcp` installed), else `python3`; a server whose SDK that interpreter cannot import is
 * skipped with a message.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

const PYTHON = process.env['MCPFUSION_TEST_PYTHON'] ?? 'python3';
const LIVE = join(ROOT, 'test/fixtures/python-mcp-server/live');
const env = { SOURCE_DATE_EPOCH: '1700000000' };
// A loaded machine imports the SDKs slowly (pydantic, starlette): generous limits, no timing asserts.
const LIMITS = ['--handshake-timeout', '90000', '--request-timeout', '60000'];


interface Lockfile {
  integrityDigest: string;
  capabilities: {
    tools: Record<string, { behavior: { egressSchemaDigest: string | null; destructiveActions: string[]; readOnlyActions: string[] }; surface: { actions: string[] }; tokenEconomics: { schemaFieldCount: number; unboundedCollection: boolean } }>;
    prompts: Record<string, { arguments: { name: string; required: boolean }[]; title: string | null }>;
    resources: Record<string, { kind: string }>;
  };
}

/** Serve a fixture over HTTP in `mode`; resolves with its port once it wrote `mcpfusion-test-port=<n>`. */
async function serveHttp(dir: string, script: string, mode: string): Promise<{ port: number; stop(): void; log(): string }> {
  // stderr goes to a file: the CLI runs synchronously meanwhile, and a pipe nobody reads could fill.
  const logPath = join(dir, `${mode}.stderr`);
  const fd = openSync(logPath, 'w');
  const child = spawn(PYTHON, [join(LIVE, script), mode], { cwd: LIVE, stdio: ['ignore', 'ignore', fd], detached: true });
  closeSync(fd);
  let exited: number | null | undefined;
  child.once('exit', (code) => { exited = code; });
  const log = (): string => readFileSync(logPath, 'utf8');
  const stop = (): void => {
    try { process.kill(-child.pid!, 'SIGKILL'); } catch (e) { if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e; }
  };
  for (const until = Date.now() + 120_000; Date.now() < until;) {
    const m = /mcpfusion-test-port=(\d+)/.exec(log());
    if (m) return { port: Number(m[1]), stop, log };
    if (exited !== undefined) throw new Error(`${script} ${mode} exited (${exited}): ${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error(`${script} ${mode} wrote no port line within 120 s: ${log()}`);
}

/**
 * Lock `script` over stdio, check it there, then for each HTTP mode lock and check it over HTTP;
 * every lockfile must equal the stdio one byte for byte.
 */
async function lockEverywhere(script: string, modes: [string, string][]): Promise<Lockfile> {
  const dir = tempDir('mcpfusion-pysdk-');
  const server = `'${PYTHON}' '${join(LIVE, script)}'`;
  const stdio = runCli(['lock', '--server', server, ...LIMITS, '--lockfile', 'stdio.lock'], { cwd: dir, env });
  assert.is(stdio.code, 0, stdio.stderr);
  const locked = readFileSync(join(dir, 'stdio.lock'), 'utf8');
  const check = runCli(['check', '--server', server, ...LIMITS, '--lockfile', 'stdio.lock'], { cwd: dir, env });
  assert.is(check.code, 0, check.stdout + check.stderr);
  for (const [mode, path] of modes) {
    const http = await serveHttp(dir, script, mode);
    try {
      const url = `http://127.0.0.1:${http.port}${path}`;
      const lock = runCli(['lock', '--url', url, ...LIMITS, '--lockfile', `${mode}.lock`], { cwd: dir, env });
      assert.is(lock.code, 0, `${mode}: ${lock.stderr}\n--- server ---\n${http.log()}`);
      assert.is(readFileSync(join(dir, `${mode}.lock`), 'utf8'), locked, `${mode}: the lockfile differs from the stdio one`);
      const again = runCli(['check', '--url', url, ...LIMITS, '--lockfile', 'stdio.lock'], { cwd: dir, env });
      assert.is(again.code, 0, `${mode}: ${again.stdout}${again.stderr}`);
    } finally {
      http.stop();
    }
  }
  const diff = runCli(['diff', 'stdio.lock', `${modes[0]![0]}.lock`, '--format', 'json'], { cwd: dir, env });
  assert.is(diff.code, 0, diff.stderr);
  assert.is((JSON.parse(diff.stdout) as { verdict: string }).verdict, 'NONE');
  return JSON.parse(locked) as Lockfile;
}

// One interpreter start says which SDKs it can import (each import takes a second of CPU).
const PROBE = `
import importlib.util as u
def found(m):
    try:
        return u.find_spec(m) is not None
    except ImportError:
        return False
print("mcpserver" if found("mcp.server.mcpserver") or found("mcp.server.fastmcp") else "")
print("lowlevel2" if found("mcp_types") and found("mcp.server.lowlevel") else "")
print("fastmcp" if found("fastmcp") else "")
`;
const probe = spawnSync(PYTHON, ['-c', PROBE], { encoding: 'utf8', timeout: 120_000 });
const sdks = new Set(probe.status === 0 ? String(probe.stdout).split('\n') : []);
const hasMcpServer = sdks.has('mcpserver');
const hasLowLevel2 = sdks.has('lowlevel2');
const hasFastmcp = sdks.has('fastmcp');

if (!hasMcpServer) {
  console.log(`SKIP test/sources/python-sdk-servers (MCPServer): ${PYTHON} cannot import the mcp SDK (set MCPFUSION_TEST_PYTHON)`);
} else {
  test('MCPServer: type hints give output schemas, annotations flags; stdio, stateless HTTP and HTTP+SSE lock alike', async () => {
    const lock = await lockEverywhere('inventory_mcpserver.py', [['stateless', '/mcp'], ['sse', '/sse']]);
    const tools = lock.capabilities.tools;
    assert.equal(Object.keys(tools), ['adjust', 'get_item', 'restock', 'search_items']);
    // A pydantic model, a TypedDict, a list of models and a str: each gets an output schema.
    for (const tool of Object.values(tools)) assert.match(String(tool.behavior.egressSchemaDigest), /^sha256:[0-9a-f]{64}$/);
    // list[Item] is wrapped as {result: [Item]}: the fields are the item's, the list has no maxItems.
    assert.equal(tools['search_items']!.tokenEconomics, { baseOverheadTokens: 0, inflationRisk: 'high', schemaFieldCount: 5, unboundedCollection: true } as never);
    assert.equal(tools['restock']!.tokenEconomics.schemaFieldCount, 3);
    // annotations: readOnlyHint, destructiveHint false, destructive true with an action Literal.
    assert.equal(tools['search_items']!.behavior.readOnlyActions, ['default']);
    assert.equal(tools['restock']!.behavior.destructiveActions, []);
    assert.equal(tools['adjust']!.surface.actions, ['add', 'remove', 'set']);
    assert.equal(tools['adjust']!.behavior.destructiveActions, ['add', 'remove', 'set']);
    const advice = lock.capabilities.prompts['reorder_advice']!;
    assert.is(advice.title, 'Reorder advice');
    assert.equal(advice.arguments.map((a) => [a.name, a.required]), [['horizon_days', false], ['sku', true]]);
    assert.equal(Object.entries(lock.capabilities.resources).map(([uri, r]) => [uri, r.kind]).sort(), [['inventory://items/{sku}', 'template'], ['inventory://summary', 'resource']]);
  });
}

if (!hasLowLevel2) {
  console.log(`SKIP test/sources/python-sdk-servers (low-level Server): ${PYTHON} cannot import mcp 2.x (set MCPFUSION_TEST_PYTHON)`);
} else {
  test('low-level Server: every list in pages, a recursive schema, oneOf actions; stdio and HTTP with JSON responses lock alike', async () => {
    const lock = await lockEverywhere('catalog_lowlevel.py', [['json', '/mcp']]);
    assert.equal(Object.keys(lock.capabilities.tools), ['add_category', 'export', 'list_products', 'ping', 'product']);
    assert.equal(Object.keys(lock.capabilities.prompts), ['compare', 'describe_product', 'no_args']);
    assert.is(Object.keys(lock.capabilities.resources).length, 5);
    assert.equal(lock.capabilities.tools['product']!.surface.actions, ['delete', 'get', 'rename']);
    // The array of the output schema has maxItems: a bounded collection.
    assert.equal(lock.capabilities.tools['list_products']!.tokenEconomics.unboundedCollection, false);
    assert.equal(lock.capabilities.prompts['compare']!.arguments.map((a) => a.name), ['a', 'b']);
  });
}

if (!hasFastmcp) {
  console.log(`SKIP test/sources/python-sdk-servers (FastMCP): ${PYTHON} cannot import fastmcp (set MCPFUSION_TEST_PYTHON)`);
} else {
  test('FastMCP: dataclass and hand-written output schemas, typed prompt arguments, templates; stdio and stateless HTTP lock alike', async () => {
    const lock = await lockEverywhere('calendar_fastmcp.py', [['stateless', '/mcp']]);
    const tools = lock.capabilities.tools;
    assert.equal(Object.keys(tools), ['availability', 'change_event', 'create_event', 'find_events']);
    assert.equal(tools['availability']!.surface.actions, ['check', 'release', 'reserve']);
    assert.equal(tools['availability']!.tokenEconomics.unboundedCollection, false);
    assert.equal(tools['find_events']!.behavior.readOnlyActions, ['default']);
    // FastMCP describes a non-string prompt argument with its JSON schema; the description is locked.
    const plan = lock.capabilities.prompts['plan_week']!;
    assert.equal(plan.arguments.map((a) => [a.name, a.required]), [['focus_areas', false], ['hours_per_day', false], ['team', true]]);
    assert.ok(Object.keys(lock.capabilities.resources).includes('calendar://files/{path*}'));
    assert.ok(Object.keys(lock.capabilities.resources).includes('calendar://days/{day}{?tz}'));
  });
}

if (!hasMcpServer && !hasLowLevel2 && !hasFastmcp) test('skipped without the Python MCP SDKs', () => {});

test.run();
