/**
 * `describeFinding(finding)`: the one-line message of a finding, shared by the text, GitHub and
 * SARIF renderers (findings stay data until here).
 *
 * @module
 */
import type { ScanFinding } from './types.ts';
import { scanRuleById } from './rules.ts';

const FAMILY_LABEL: Record<string, string> = {
  filesystem: 'Filesystem',
  network: 'Network',
  subprocess: 'Subprocess',
  crypto: 'Crypto',
  codeEvaluation: 'Code evaluation',
  environment: 'Environment',
};

/**
 * One-line message for a finding.
 *
 * @param f A finding.
 * @returns Plain text without a final period.
 * @example
 * describeFinding({ id: 'network.fetch', kind: 'capability', level: 'note', family: 'network', identifier: 'fetch' }) // 'Network: fetch'
 */
export function describeFinding(f: ScanFinding): string {
  const rule = scanRuleById(f.id);
  const detail = f.detail !== undefined ? `: ${f.detail}` : '';
  switch (f.kind) {
    case 'capability': {
      const family = FAMILY_LABEL[f.family ?? ''] ?? f.family ?? '';
      const access = f.access !== undefined ? ` ${f.access}` : '';
      return `${family}${access}: ${f.identifier ?? f.id}${f.detail !== undefined ? ` (${f.detail})` : ''}`;
    }
    case 'evasion':
      return `${rule?.title ?? f.id} [${f.confidence ?? 'low'} confidence]${detail}`;
    case 'not-analyzed':
      return `Not analyzed${detail}`;
    case 'violation':
      return `${rule?.title ?? f.id}${f.tool ? ` (tool "${f.tool}"${f.action !== undefined ? `, action "${f.action}"` : ''})` : ''}${detail}`;
    case 'surface': {
      const where = f.tool !== undefined ? `tool "${f.tool}"` : f.prompt !== undefined ? `prompt "${f.prompt}"` : 'server';
      return `${rule?.title ?? f.id} [${f.confidence ?? 'low'} confidence] in ${where} ${f.field ?? ''}${detail}`;
    }
  }
}
