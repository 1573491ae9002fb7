/**
 * Shared SARIF 2.1.0 writer: turns generic findings plus rule metadata into a SARIF log object
 * that code-scanning tools (GitHub code scanning, Azure DevOps, IDE viewers) accept.
 *
 * Every command that reports findings (`scan`, `diff`, `check`) maps its own findings onto
 * {@link SarifFinding} and calls {@link toSarifLog}; serialization (`JSON.stringify`) is the
 * caller's. The output validates against the OASIS SARIF 2.1.0 JSON schema (tested with ajv).
 *
 * Locations: a relative `file` becomes a relative URI reference under `uriBaseId` `SRCROOT`
 * (so viewers resolve it against the checkout); an absolute path becomes a `file://` URI.
 * Backslashes are turned into slashes and every path segment is percent-encoded.
 *
 * @module
 */

/** SARIF result levels. */
export type SarifLevel = 'error' | 'warning' | 'note' | 'none';

/** One finding in generic form: what any command reports. */
export interface SarifFinding {
  /** Stable rule id (must be one of the rules passed to {@link toSarifLog}). */
  ruleId: string;
  /** Result level. */
  level: SarifLevel;
  /** One-line message (plain text). */
  message: string;
  /** File path (relative to the working directory, or absolute). */
  file?: string;
  /** One-based line. */
  line?: number;
  /** One-based column in UTF-16 code units. */
  column?: number;
  /** One-based end line. */
  endLine?: number;
  /** One-based end column (exclusive), UTF-16 code units. */
  endColumn?: number;
  /** Source text at the location (the evidence line). */
  snippet?: string;
  /** A logical location such as `tools/read_file/description` for findings without a file. */
  logicalLocation?: string;
  /** Kind of the logical location (SARIF vocabulary, e.g. `member`, `object`, `function`). */
  logicalLocationKind?: string;
  /** A stable fingerprint (hex) so viewers can track the result across runs. */
  fingerprint?: string;
  /** Extra data kept in the result's property bag. */
  properties?: Record<string, unknown>;
}

/** Metadata of one rule (SARIF `reportingDescriptor`). */
export interface SarifRule {
  /** Stable rule id. */
  id: string;
  /** PascalCase-ish name (optional; SARIF `name`). */
  name?: string;
  /** One-line description. */
  shortDescription: string;
  /** Longer description. */
  fullDescription?: string;
  /** URI of the rule's documentation. */
  helpUri?: string;
  /** Markdown or plain help text. */
  help?: string;
  /** Default level of the rule's results. */
  defaultLevel?: SarifLevel;
  /** Tags (e.g. `security`). */
  tags?: string[];
  /** GitHub's `security-severity` (0.0 to 10.0) for security rules. */
  securitySeverity?: number;
}

/** The tool that produced the log. */
export interface SarifToolInfo {
  /** Tool name, e.g. `mcpfusion`. */
  name: string;
  /** Tool version. */
  version: string;
  /** Tool home page. */
  informationUri?: string;
}

/** Options of {@link toSarifLog}. */
export interface SarifLogOptions {
  /** The producing tool. */
  tool: SarifToolInfo;
  /** Rules the findings refer to. Every finding's `ruleId` must be here. */
  rules: readonly SarifRule[];
  /** Optional `automationDetails.id` (a run category such as `mcpfusion/scan/`). */
  automationId?: string;
}

/** A SARIF 2.1.0 log as a plain JSON-ready object. */
export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: Array<Record<string, unknown>>;
}

/** The schema URI written into every log. */
export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * Build a SARIF 2.1.0 log from generic findings and rule metadata.
 *
 * @param findings Findings in output order.
 * @param options Tool, rules and optional automation id.
 * @returns A JSON-ready SARIF log object with one run.
 * @throws {TypeError} When a finding refers to a rule id that is not in `options.rules`, or two rules share an id.
 * @example
 * const log = toSarifLog(
 *   [{ ruleId: 'network.fetch', level: 'note', message: 'Network access: fetch', file: 'src/h.ts', line: 3, column: 9 }],
 *   { tool: { name: 'mcpfusion', version: '0.1.0' }, rules: [{ id: 'network.fetch', shortDescription: 'fetch call' }] },
 * );
 * JSON.stringify(log);
 */
export function toSarifLog(findings: readonly SarifFinding[], options: SarifLogOptions): SarifLog {
  const ruleIndex = new Map<string, number>();
  const rules = options.rules.map((rule, index) => {
    if (ruleIndex.has(rule.id)) throw new TypeError(`Duplicate SARIF rule id "${rule.id}"`);
    ruleIndex.set(rule.id, index);
    return sarifRule(rule);
  });
  let usesSrcRoot = false;
  const results = findings.map((finding) => {
    const index = ruleIndex.get(finding.ruleId);
    if (index === undefined) throw new TypeError(`SARIF finding refers to unknown rule id "${finding.ruleId}"`);
    const result: Record<string, unknown> = {
      ruleId: finding.ruleId,
      ruleIndex: index,
      level: finding.level,
      message: { text: finding.message.length > 0 ? finding.message : finding.ruleId },
    };
    const location: Record<string, unknown> = {};
    if (finding.file !== undefined && finding.file !== '') {
      const artifact = artifactLocation(finding.file);
      if (artifact.uriBaseId !== undefined) usesSrcRoot = true;
      const physical: Record<string, unknown> = { artifactLocation: artifact };
      const region = sarifRegion(finding);
      if (region !== undefined) physical.region = region;
      location.physicalLocation = physical;
    }
    if (finding.logicalLocation !== undefined) {
      const logical: Record<string, unknown> = { fullyQualifiedName: finding.logicalLocation };
      if (finding.logicalLocationKind !== undefined) logical.kind = finding.logicalLocationKind;
      location.logicalLocations = [logical];
    }
    if (Object.keys(location).length > 0) result.locations = [location];
    if (finding.fingerprint !== undefined) result.partialFingerprints = { 'mcpfusion/v1': finding.fingerprint };
    if (finding.properties !== undefined && Object.keys(finding.properties).length > 0) {
      result.properties = { ...finding.properties };
    }
    return result;
  });
  const driver: Record<string, unknown> = { name: options.tool.name, version: options.tool.version, rules };
  if (options.tool.informationUri !== undefined) driver.informationUri = options.tool.informationUri;
  const run: Record<string, unknown> = { tool: { driver }, columnKind: 'utf16CodeUnits', results };
  if (usesSrcRoot) run.originalUriBaseIds = { SRCROOT: { description: { text: 'The directory the command ran in' } } };
  if (options.automationId !== undefined) run.automationDetails = { id: options.automationId };
  return { $schema: SARIF_SCHEMA_URI, version: '2.1.0', runs: [run] };
}

function sarifRule(rule: SarifRule): Record<string, unknown> {
  const out: Record<string, unknown> = { id: rule.id, shortDescription: { text: rule.shortDescription } };
  if (rule.name !== undefined) out.name = rule.name;
  if (rule.fullDescription !== undefined) out.fullDescription = { text: rule.fullDescription };
  if (rule.helpUri !== undefined) out.helpUri = rule.helpUri;
  if (rule.help !== undefined) out.help = { text: rule.help };
  if (rule.defaultLevel !== undefined) out.defaultConfiguration = { level: rule.defaultLevel };
  const properties: Record<string, unknown> = {};
  if (rule.tags !== undefined && rule.tags.length > 0) properties.tags = [...rule.tags];
  if (rule.securitySeverity !== undefined) properties['security-severity'] = rule.securitySeverity.toFixed(1);
  if (Object.keys(properties).length > 0) out.properties = properties;
  return out;
}

function sarifRegion(finding: SarifFinding): Record<string, unknown> | undefined {
  if (finding.line === undefined || !(finding.line >= 1)) return undefined;
  const region: Record<string, unknown> = { startLine: Math.floor(finding.line) };
  if (finding.column !== undefined && finding.column >= 1) region.startColumn = Math.floor(finding.column);
  if (finding.endLine !== undefined && finding.endLine >= finding.line) region.endLine = Math.floor(finding.endLine);
  if (finding.endColumn !== undefined && finding.endColumn >= 1) region.endColumn = Math.floor(finding.endColumn);
  if (finding.snippet !== undefined) region.snippet = { text: finding.snippet };
  return region;
}

/** Map a path to a SARIF artifactLocation. */
function artifactLocation(path: string): { uri: string; uriBaseId?: string } {
  const slashed = path.replace(/\\/g, '/');
  // A Windows UNC path (`\\host\share\x.js`): the host is the URI's authority (RFC 8089 E.3).
  const unc = /^\/\/([^/]+)(\/.*)?$/.exec(slashed);
  if (unc) return { uri: `file://${encodeSegment(unc[1]!)}${(unc[2] ?? '').split('/').map(encodeSegment).join('/')}` };
  const drive = /^[A-Za-z]:\//.test(slashed);
  if (slashed.startsWith('/') || drive) {
    const body = slashed.split('/').map((segment, i) => (drive && i === 0 ? segment : encodeSegment(segment))).join('/');
    return { uri: drive ? `file:///${body}` : `file://${body}` };
  }
  const relative = slashed.replace(/^(\.\/)+/, '');
  return { uri: relative.split('/').map(encodeSegment).join('/'), uriBaseId: 'SRCROOT' };
}

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
