import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ExitCode } from '../../src/errors.ts';
import { ROOT, runCli } from '../helpers/cli.ts';

// The commands, actions and flags are read from the built CLI's own --help (and its "needs an
// action" errors), never listed here, so a flag added to the CLI without a docs entry fails.

const doc = (name: string): string => readFileSync(join(ROOT, name), 'utf8');
const README = doc('README.md');
const PAGES: Record<string, string[]> = {
  lock: ['docs/lockfile.md'],
  check: ['docs/lockfile.md'],
  diff: ['docs/diff.md'],
  heal: ['docs/diff.md'],
  scan: ['docs/scan.md'],
  attest: ['docs/attest.md'],
  guard: ['docs/attest.md'],
  probe: ['docs/probe.md'],
};
/** What documents a command: the README, the command's own page, and the pages every command shares. */
function docsOf(cmd: string): string {
  return [README, ...(PAGES[cmd] ?? []).map(doc), doc('docs/sources.md'), doc('docs/config.md')].join('\n\n');
}

const topHelp = runCli(['--help']);
const COMMANDS = [...topHelp.stdout.split('\nCommands:\n')[1]!.split('\n\n')[0]!.matchAll(/^ {2}([a-z]+)\b/gm)].map((m) => m[1]!);

interface HelpFlag { flag: string; line: string }
function flagsOf(help: string): HelpFlag[] {
  return [...help.matchAll(/^ {2}(?:-\w, )?(--[a-z][a-z-]*)\b.*$/gm)].map((m) => ({ flag: m[1]!, line: m[0] }));
}
const HELP: Record<string, HelpFlag[]> = Object.fromEntries(COMMANDS.map((c) => {
  const r = runCli([c, '--help']);
  if (r.code !== 0) throw new Error(`${c} --help: exit ${r.code}\n${r.stderr}`);
  return [c, flagsOf(r.stdout)];
}));

/** Chunks a reader sees together: one table row (with its header), or one paragraph. */
function chunks(text: string): string[] {
  const out: string[] = [];
  for (const para of text.split(/\n\s*\n/)) {
    const rows = para.split('\n').filter((l) => l.startsWith('|'));
    // A row goes with its table's header, which may name the column "default".
    out.push(...rows.slice(2).map((r) => `${rows[0]}\n${r}`), para.split('\n').filter((l) => !l.startsWith('|')).join('\n'));
  }
  return out.filter((c) => c.trim() !== '');
}
const mentions = (text: string, flag: string): boolean => new RegExp(`${flag}(?![a-z-])`).test(text);

test('the top-level --help lists the commands, and the README documents each one', () => {
  assert.is(topHelp.code, 0);
  assert.ok(COMMANDS.length >= 11, COMMANDS.join(' '));
  for (const cmd of COMMANDS) {
    assert.ok(new RegExp(`^#{2,3} .*\`mcpfusion (?:[a-z]+\`, \`)*${cmd}\\b`, 'm').test(README) || new RegExp(`^#{2,3} .*\`${cmd}\``, 'm').test(README),
      `README has no section heading for ${cmd}`);
    assert.ok(new RegExp(`^\\| (?:\`[a-z]+\`(?:, | / ))*\`${cmd}\``, 'm').test(README), `README's command table lacks ${cmd}`);
  }
});

test('every action of attest and probe (from their "needs an action" errors) is documented on its page', () => {
  for (const [cmd, page] of [['attest', 'docs/attest.md'], ['probe', 'docs/probe.md']] as const) {
    const r = runCli([cmd]);
    assert.is(r.code, 2);
    const actions = [...new Set([...r.stderr.matchAll(/`(?:mcpfusion )?(?:[a-z]+ )?([a-z]+)`|\(([a-z]+)\)/g)].map((m) => m[1] ?? m[2]!))].filter((a) => a !== cmd && a !== 'help' && a !== 'mcpfusion');
    assert.ok(actions.length >= 2, `${cmd}: ${r.stderr}`);
    for (const action of actions) {
      assert.match(doc(page), new RegExp(`\`(?:mcpfusion )?${cmd} ${action}\\b`), `${page} does not show \`${cmd} ${action}\``);
      assert.match(README, new RegExp(`${cmd} [a-z|]*\\b${action}\\b`), `README does not name ${cmd} ${action}`);
    }
  }
});

test('every flag in every command\'s --help is documented, in the README or on the command\'s page', () => {
  const missing: string[] = [];
  for (const cmd of COMMANDS) {
    const docs = docsOf(cmd);
    for (const { flag } of HELP[cmd]!) if (flag !== '--help' && !mentions(docs, flag)) missing.push(`${cmd} ${flag}`);
  }
  assert.equal(missing, [], missing.join('\n'));
});

test('every default that --help states (a number, a path, or "X (default)") is stated beside the flag in the docs', () => {
  const wrong: string[] = [];
  let checked = 0;
  for (const cmd of COMMANDS) {
    const docChunks = chunks(docsOf(cmd));
    for (const { flag, line } of HELP[cmd]!) {
      if (flag === '--format') continue; // test/cli/help.test.ts checks the --format lines
      const text = line.replace(/^ {2}(?:-\w, )?--[a-z-]+(?: <[^>]+>)? +/, '');
      const values: string[] = [];
      for (const m of text.matchAll(/default:? ([^;),]+(?:,[\d.]+)*)/g)) {
        const v = m[1]!.trim();
        if (/^(?:[\d.,]+|\.\/\S+)$/.test(v)) values.push(v);
      }
      for (const m of text.matchAll(/(?:^|: |, )([a-z]+) \(default\)/g)) values.push(m[1]!);
      for (const value of values) {
        checked++;
        const near = docChunks.filter((c) => mentions(c, flag));
        if (!near.some((c) => c.includes(value) && /default/.test(c))) wrong.push(`${cmd} ${flag}: default ${value} (help: ${text})`);
      }
    }
  }
  assert.ok(checked >= 15, `only ${checked} defaults found in --help`);
  assert.equal(wrong, [], wrong.join('\n'));
});

test('every --flag the docs give to a mcpfusion command line is a flag of that command', () => {
  const pages = ['README.md', 'docs/attest.md', 'docs/binaries.md', 'docs/config.md', 'docs/contracts-file.md', 'docs/diff.md', 'docs/library.md', 'docs/lockfile.md', 'docs/probe.md', 'docs/scan.md', 'docs/sources.md'];
  const unknown: string[] = [];
  let seen = 0;
  for (const page of pages) {
    doc(page).split('\n').forEach((line, i) => {
      // Quoted server command lines are the server's own flags, not ours.
      const plain = line.replace(/"[^"]*"/g, '""');
      for (const m of plain.matchAll(/(?:^|[`\s])(?:mcpfusion|node (?:\.\.\/)*dist\/mcpfusion\.js)\s+([a-z]+)((?:[^`#\n|]|\|(?= ))*)/g)) {
        const cmd = m[1]!;
        if (!COMMANDS.includes(cmd)) continue;
        const known = new Set(HELP[cmd]!.map((f) => f.flag));
        for (const f of m[2]!.split(/ -- /)[0]!.matchAll(/(?:^|\s|\[)(--[a-z][a-z-]*)/g)) {
          seen++;
          if (!known.has(f[1]!)) unknown.push(`${page}:${i + 1}: mcpfusion ${cmd} ${f[1]}`);
        }
      }
    });
  }
  assert.ok(seen >= 50, `only ${seen} flags found in documented command lines`);
  assert.equal(unknown, [], unknown.join('\n'));
});

test('the README\'s exit-code table has a row for each code of src/errors.ts, and every command\'s --help is reachable', () => {
  const table = README.split('## Exit codes')[1]!.split('\n## ')[0]!;
  for (const code of Object.values(ExitCode)) assert.match(table, new RegExp(`^\\| ${code} \\|`, 'm'), `no row for exit ${code}`);
  const rows = [...table.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
  assert.equal(rows, Object.values(ExitCode).sort(), 'a documented exit code that src/errors.ts does not have');
});

test('every format a command\'s --format line names is documented for that command (README section or its page)', () => {
  const sections = README.split(/\n(?=#{2,3} )/);
  const missing: string[] = [];
  for (const cmd of COMMANDS) {
    const line = HELP[cmd]!.find((f) => f.flag === '--format')!.line;
    const formats = [...new Set(line.replace(/^ {2}--format <format> +/, '').match(/\b(?:text|json|markdown|github|sarif|awareness)\b/g) ?? [])];
    assert.ok(formats.length > 0, `${cmd}: ${line}`);
    const own = sections.filter((s) => /^#{2,3} /.test(s) && new RegExp(`^#{2,3} .*\`(?:mcpfusion )?${cmd}\\b`).test(s.split('\n')[0]!)).join('\n');
    const text = [own, ...(PAGES[cmd] ?? []).map(doc)].join('\n');
    assert.ok(own !== '', `README has no section for ${cmd}`);
    // text is every command's, as the README's Commands paragraph says.
    for (const f of formats.filter((x) => x !== 'text')) {
      if (!new RegExp(`--format (?:[a-z|\\\\]*\\b)?${f}\\b|\`${f}\`|\\b${f}\\|`).test(text)) missing.push(`${cmd} --format ${f}`);
    }
  }
  assert.equal(missing, [], missing.join('\n'));
  assert.match(README, /Every command accepts `--help`, `--format` \(`text` or `json`[^)]*`guard` and `heal`\s+only `text`/);
});

test.run();
