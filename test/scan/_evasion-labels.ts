/**
 * The labelled corpora of the code scan's adversarial reviews (evasion-review2, evasion-review3):
 * each case folder is scanned as a listing of its entry files, a hostile case is met when every
 * label (`network`, `evasion>=warning`, `a|b` for either) is, and a benign case must report
 * exactly its families and nothing but notes besides.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { readSourceListing } from '../../src/io/read-source.ts';
import type { FindingLevel, ScanFinding } from '../../src/scan/types.ts';

const RANK: Record<FindingLevel, number> = { note: 0, warning: 1, error: 2 };

type Hostile = Record<string, { entries: string[]; want: string[] }>;
type Benign = Record<string, { entries: string[]; expected: string[] }>;

async function scanCase(dir: string, entries: readonly string[]): Promise<ScanFinding[]> {
  return (await scanFiles(entries.map((e) => join(dir, e)), { readSource: readSourceListing })).findings;
}

/** Whether one alternative of a label (`network`, `evasion>=warning`) is met by the findings. */
function meets(findings: readonly ScanFinding[], alternative: string): boolean {
  const [what, level = 'note'] = alternative.split('>=') as [string, FindingLevel?];
  return findings.some((f) => (what === 'evasion' ? f.kind === 'evasion' : f.kind === 'capability' && f.family === what) && RANK[f.level] >= RANK[level]);
}

/** The hostile cases of one folder (its `labels.json`) whose labels are not all met. */
export async function missedHostile(dir: string): Promise<string[]> {
  const labels = JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as Hostile;
  const missed: string[] = [];
  for (const [name, { entries, want }] of Object.entries(labels)) {
    const findings = await scanCase(join(dir, name), entries);
    if (!want.every((w) => w.split('|').some((alt) => meets(findings, alt)))) missed.push(name);
  }
  return missed;
}

/** The benign cases of one folder whose families or loud findings differ from their label (`name: families ids`). */
export async function wrongBenign(dir: string): Promise<string[]> {
  const labels = JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as Benign;
  const wrong: string[] = [];
  for (const [name, { entries, expected }] of Object.entries(labels)) {
    const findings = await scanCase(join(dir, name), entries);
    const families = [...new Set(findings.filter((f) => f.kind === 'capability').map((f) => f.family!))].sort();
    const loud = findings.filter((f) => f.kind !== 'capability' && f.level !== 'note').map((f) => f.id);
    if (families.join() !== expected.join() || loud.length > 0) wrong.push(`${name}: ${families.join()} ${loud.join()}`);
  }
  return wrong;
}
