/**
 * The commands a Dockerfile runs, read as Docker reads its instructions: continuations by the
 * escape character (`# escape=`), comment and empty lines inside them, flags with quoted values,
 * the exec form's JSON, heredocs and what reads them, `SHELL`, `ONBUILD`, and `ADD` of a URL or a
 * git repository. The command lines are read by project-commands.ts. Pure: text in, commands out.
 *
 * @module
 */
import type { ProjectCommand } from './project-commands.ts';
import { shellCommands } from './shell-words.ts';
import { commandName, quote, runsFile } from './command-words.ts';
import { INLINE_CODE_OPTIONS, SHELLS } from './patterns/project-commands.ts';

/**
 * The commands a Dockerfile runs: `RUN` (at build), `CMD` and `ENTRYPOINT` (what the container
 * runs), shell form or exec form (`["node", "index.js"]`, JSON with its escapes), `ADD` of a URL or
 * a git repository (a download at build), and the same after `ONBUILD` (run when another image is
 * built from this one). Read as Docker reads them: lines continued by the escape character (`\`,
 * or the one a `# escape=` directive names) are joined, comment and empty lines inside dropped;
 * the instruction's flags (`--mount=type=cache,target=/x`, `--checksum=sha256:…`, a quoted value)
 * are skipped; a heredoc (`RUN <<EOF`, `RUN bash <<EOF`, `RUN python3 <<-EOT`) gives the commands
 * (or the code) it feeds; and a shell form runs on the shell the last `SHELL` of the stage names
 * (`SHELL ["powershell", "-Command"]`).
 *
 * @param text The Dockerfile text.
 * @returns The commands; an `ADD` one is its URL.
 * @example
 * dockerfileCommands('FROM node\nRUN curl -fsSL https://x.test/i | sh\n')[0].origin // 'RUN'
 */
export function dockerfileCommands(text: string): ProjectCommand[] {
  const lines = text.split(/\r?\n/);
  const out: ProjectCommand[] = [];
  const escape = escapeDirective(lines);
  const continued = (line: string): boolean => line.trimEnd().endsWith(escape) && !line.trimEnd().endsWith(escape + escape);
  let shell: string[] | undefined;
  for (let k = 0; k < lines.length; k++) {
    if (/^\s*(#|$)/.test(lines[k]!)) continue;
    // One instruction: a line ending in the escape character continues it; comment and empty lines inside are dropped.
    const start = k;
    let body = lines[k]!;
    while (continued(body) && k + 1 < lines.length) {
      body = body.trimEnd().slice(0, -1);
      k++;
      while (k + 1 < lines.length && /^\s*(#|$)/.test(lines[k]!)) k++;
      body += ' ' + lines[k]!.trim();
    }
    const m = /^\s*(?:(ONBUILD)\s+)?(RUN|CMD|ENTRYPOINT|ADD|SHELL|FROM)\s+(.*)$/is.exec(body);
    if (m === null) continue;
    const instruction = m[2]!.toUpperCase();
    const origin = m[1] !== undefined ? `ONBUILD ${instruction}` : instruction;
    const rest = skipFlags(m[3]!.trim());
    const exec = rest.startsWith('[') ? tryParseStrings(rest) : undefined;
    if (instruction === 'FROM') {
      if (m[1] === undefined) shell = undefined;
      continue;
    }
    if (instruction === 'SHELL') {
      if (m[1] === undefined && exec !== undefined && exec.length > 0) shell = exec;
      continue;
    }
    // Heredocs (`RUN <<EOF`, `RUN python3 <<-EOT`): their lines follow the instruction's.
    const heredocs: Heredoc[] = [];
    if (exec === undefined && instruction !== 'ADD') {
      for (const h of rest.matchAll(HEREDOC_MARKER)) {
        // Not one inside quotes (`echo "a <<EOF"`), nor one whose closing line never comes.
        if (insideQuotes(rest, h.index)) continue;
        const strip = h[1] === '-';
        const line = (n: number): string => (strip ? lines[n]!.replace(/^\t+/, '') : lines[n]!);
        let end = k + 1;
        while (end < lines.length && line(end) !== h[3]) end++;
        if (end >= lines.length) continue;
        heredocs.push({ marker: h[0], body: lines.slice(k + 1, end).map((_, n) => line(k + 1 + n)).join('\n') });
        k = end;
      }
    }
    if (instruction === 'ADD') {
      const sources = (exec ?? shellCommands(rest)[0]?.words.map((w) => w.text) ?? []).slice(0, -1);
      for (const source of sources) if (isRemoteSource(source)) out.push({ origin, command: source, line: start + 1 });
      continue;
    }
    if (exec !== undefined) {
      out.push({ origin, command: exec.map(quote).join(' '), line: start + 1 });
      continue;
    }
    const line = heredocs.length > 0 ? heredocCommand(rest, heredocs) : rest;
    // A shell form runs as `<SHELL words> <line>` (`/bin/sh -c` when no SHELL was given).
    out.push({ origin, command: shell !== undefined && heredocs.length === 0 ? [...shell.map(quote), quote(line)].join(' ') : line, line: start + 1 });
  }
  return out;
}

/** One heredoc of a `RUN`: its `<<EOF` marker as written and its lines. */
interface Heredoc {
  marker: string;
  body: string;
}

/** A heredoc marker (`<<EOF`, `<<-EOT`, `<<"EOF"`), not a here-string (`<<<`). */
const HEREDOC_MARKER = /(?<!<)<<(-?)\s*(["']?)([A-Za-z_][\w-]*)\2/g;

/** Whether offset `at` of a shell line is inside single or double quotes. */
function insideQuotes(text: string, at: number): boolean {
  let quote: string | undefined;
  for (let i = 0; i < at; i++) {
    const c = text[i]!;
    if (quote === undefined && c === '\\') i++;
    else if (quote === undefined && (c === '"' || c === "'")) quote = c;
    else if (c === quote) quote = undefined;
  }
  return quote !== undefined;
}

/** The escape character a Dockerfile's `# escape=` parser directive names (`\` by default). */
function escapeDirective(lines: readonly string[]): string {
  for (const line of lines) {
    const directive = /^\s*#\s*([a-z]+)\s*=\s*(\S+)\s*$/i.exec(line);
    if (directive === null) return '\\';
    if (directive[1]!.toLowerCase() === 'escape' && (directive[2] === '`' || directive[2] === '\\')) return directive[2];
  }
  return '\\';
}

/** An instruction's text after its flags (`--mount=type=cache,target=/x`, `--chown="a b"`, `--link`). */
function skipFlags(rest: string): string {
  let text = rest;
  for (;;) {
    const flag = /^--[\w-]+/.exec(text);
    if (flag === null) return text;
    let i = flag[0].length;
    if (text[i] === '=') {
      i++;
      // The value, up to unquoted white space.
      while (i < text.length && !/\s/.test(text[i]!)) {
        const q = text[i]!;
        if (q === '"' || q === "'") {
          const end = text.indexOf(q, i + 1);
          i = end < 0 ? text.length : end + 1;
        } else i++;
      }
    } else if (i < text.length && !/\s/.test(text[i]!)) return text;
    text = text.slice(i).trimStart();
  }
}

/** Whether an `ADD` source is fetched: an `http(s)://` or `ftp://` URL, a `git@host:repo` or `git://` repository. */
function isRemoteSource(source: string): boolean {
  return /^(?:https?|ftp|git|ssh):\/\//i.test(source) || /^[\w.-]+@[\w.-]+:[^/\s]/.test(source);
}

/**
 * The command line of a `RUN` with heredocs, as the shell runs it: the line without its markers,
 * then each heredoc's body where its command reads it as code (a bare `<<EOF`, whose `#!` line
 * names the interpreter when it has one; a shell or an interpreter given no script, `bash <<EOF`,
 * `python3 <<EOF`). Inline code for node or python is passed as `-e`/`-c` code so it is scanned
 * as its language; a heredoc another command reads (`cat <<EOF > f`) is data, not read.
 */
function heredocCommand(rest: string, heredocs: readonly Heredoc[]): string {
  let line = rest;
  const placeholders = heredocs.map((_, n) => `__mcpfusion_heredoc_${n}__`);
  heredocs.forEach((h, n) => (line = line.replace(h.marker, ` ${placeholders[n]} `)));
  const parts: string[] = [];
  const commands = shellCommands(line);
  heredocs.forEach((h, n) => {
    const command = commands.find((c) => c.words.some((w) => w.text === placeholders[n]));
    const words = command?.words.map((w) => w.text).filter((w) => !placeholders.includes(w)) ?? [];
    const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(h.body);
    const runner = words.length > 0 ? commandName(words[0]!) : shebang !== null ? commandName(shebang[1]!) === 'env' ? commandName(shebang[2] ?? '') : commandName(shebang[1]!) : 'sh';
    if (words.length > 1 && runsFile(runner, words.slice(1))) return;
    if (SHELLS.has(runner)) parts.push(h.body);
    else if (INLINE_CODE_OPTIONS[runner] !== undefined && runner !== 'deno') parts.push(`${runner} ${INLINE_CODE_OPTIONS[runner]!.options[0]} ${quote(h.body)}`);
  });
  const bare = line.replace(/__mcpfusion_heredoc_\d+__/g, '').trim();
  return [bare, ...parts].filter((p) => p !== '').join('\n');
}

/** A Dockerfile exec form (`["node", "x.js"]`), or undefined when it is not a JSON array of strings (then it is the shell form). */
function tryParseStrings(text: string): string[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
  } catch {
    return undefined;
  }
}
