/**
 * `scanFiles(entryFiles, { readSource, resolve })`: scan entry files and, transitively, every file
 * they import relatively (`import`, `export … from`, `require`, literal `import()`), each file once.
 * A finding in a reached file records the import chain that reached it. Package and built-in
 * imports are recorded by name, not followed. A file that cannot be read or a relative import
 * that resolves to no file is a `scan.not-analyzed` finding: never clean. Pure: the file system
 * is the injected `readSource`.
 *
 * @module
 */
import type { FilesScan, ReadSource, ScanFilesOptions, ScanFinding } from './types.ts';
import { scanSource, NOT_ANALYZED_ID } from './scan-source.ts';
import { directoryPackageJson, importCandidates, jsonFileCandidate, withPackageMain } from './import-candidates.ts';
import { sortCodeUnits } from '../canonical/digest.ts';

type ReadOutcome = { kind: 'text'; text: string } | { kind: 'missing' } | { kind: 'error'; message: string };

async function tryRead(readSource: ReadSource, path: string, cache: Map<string, ReadOutcome>): Promise<ReadOutcome> {
  const cached = cache.get(path);
  if (cached !== undefined) return cached;
  let outcome: ReadOutcome;
  try {
    const text = await readSource(path);
    outcome = text === undefined ? { kind: 'missing' } : { kind: 'text', text };
  } catch (cause) {
    // A read failure is a named result: the file becomes a not-analyzed finding.
    outcome = { kind: 'error', message: cause instanceof Error ? cause.message : String(cause) };
  }
  cache.set(path, outcome);
  return outcome;
}

/**
 * Scan entry files and the files they import relatively.
 *
 * @param entryFiles Files to start from (handler files, or every file of a directory walk).
 * @param options `readSource` (required), `resolve` (candidate paths for a relative import), `followImports`.
 * @returns Files scanned, findings (with `chain` for reached files) and imported package names.
 * @example
 * const result = await scanFiles(['/srv/tools/read.ts'], { readSource: (p) => files.get(p) });
 * result.findings.filter((f) => f.kind === 'capability')
 */
export async function scanFiles(entryFiles: readonly string[], options: ScanFilesOptions): Promise<FilesScan> {
  const resolve = options.resolve ?? importCandidates;
  const follow = options.followImports !== false;
  const cache = new Map<string, ReadOutcome>();
  const queue: Array<{ file: string; chain: string[] }> = entryFiles.map((file) => ({ file, chain: [] }));
  const visited = new Set<string>();
  const files: string[] = [];
  const findings: ScanFinding[] = [];
  const packages = new Set<string>();
  for (let q = 0; q < queue.length; q++) {
    const { file, chain } = queue[q]!;
    if (visited.has(file)) continue;
    visited.add(file);
    const withChain = (f: ScanFinding): ScanFinding => (chain.length > 0 ? { ...f, chain: [...chain, file] } : f);
    const outcome = await tryRead(options.readSource, file, cache);
    if (outcome.kind !== 'text') {
      findings.push(withChain({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', file, detail: outcome.kind === 'missing' ? 'the file does not exist' : `the file cannot be read: ${outcome.message}` }));
      continue;
    }
    files.push(file);
    let scanned: ReturnType<typeof scanSource>;
    try {
      scanned = scanSource(outcome.text, { file });
    } catch (cause) {
      // The scanner itself failed on this text (a bug or a pathological file): not analyzed, never clean.
      findings.push(withChain({ id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', file, detail: `the scanner failed on this file: ${cause instanceof Error ? cause.message : String(cause)}` }));
      continue;
    }
    for (const f of scanned.findings) findings.push(withChain(f));
    for (const imp of scanned.imports) {
      if (imp.typeOnly) continue;
      if (imp.kind !== 'relative') {
        packages.add(imp.specifier);
        continue;
      }
      if (!follow) continue;
      let candidates = resolve(imp.specifier, file);
      if (candidates.length === 0) continue;
      // A directory import (`require('..')`, `import './lib'`) loads its package.json `main` first.
      const packageJson = options.resolve === undefined ? directoryPackageJson(imp.specifier, file) : undefined;
      if (packageJson !== undefined) {
        const manifest = await tryRead(options.readSource, packageJson, cache);
        if (manifest.kind === 'text') candidates = withPackageMain(candidates, packageJson, manifest.text);
      }
      let target: string | undefined;
      let failure: string | undefined;
      for (const candidate of candidates) {
        if (visited.has(candidate)) {
          target = candidate;
          break;
        }
        const read = await tryRead(options.readSource, candidate, cache);
        if (read.kind === 'text') {
          target = candidate;
          break;
        }
        if (read.kind === 'error' && failure === undefined) failure = `${candidate}: ${read.message}`;
      }
      if (target === undefined) {
        // `require('./package')` that finds `package.json`: data, like an import with `.json`.
        const json = options.resolve === undefined && failure === undefined ? jsonFileCandidate(imp.specifier, file) : undefined;
        if (json !== undefined && (await tryRead(options.readSource, json, cache)).kind !== 'missing') continue;
        // A worker's plain path is resolved against the working directory at run time: not
        // finding it beside this file says nothing.
        if (imp.script === 'guess' && failure === undefined) continue;
        findings.push(withChain({
          id: NOT_ANALYZED_ID, kind: 'not-analyzed', level: 'warning', file, line: imp.line, column: imp.column,
          detail: `${imp.script !== undefined ? 'script (run by a worker or forked process)' : 'import'} "${imp.specifier}" ${failure !== undefined ? `cannot be read (${failure})` : `resolves to no file (tried ${candidates.length} candidates, first ${candidates[0]})`}`,
        }));
        continue;
      }
      if (!visited.has(target)) queue.push({ file: target, chain: [...chain, file] });
    }
  }
  return { files, findings, packages: sortCodeUnits([...packages]) };
}
