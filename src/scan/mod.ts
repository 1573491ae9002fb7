/**
 * The entitlement scanner's public API (re-exports only).
 *
 * - `scanSource(text, { file })`: one JavaScript/TypeScript, Python or Go text → findings and imports.
 * - `scanFiles(entryFiles, { readSource, resolve?, cache? })`: entry files plus their relative
 *   imports (a `package.json` or Dockerfile among them is read for the commands it runs, as
 *   `mcpfusion scan` reads them; for Go, package files and the server's own packages, listed through a
 *   `listDirectory` carried by `readSource`; a `listSubdirectories` there finds Python installation
 *   directories by their `*.dist-info`); `createScanCache()` shares reads and per-file scans
 *   between calls.
 * - `scanToolEntitlements(handlerFiles, { readSource })`: what `lock` calls per tool.
 * - `scanTools(map, { readSource })`: the config-driven per-tool scan with violations.
 * - `entitlementsFromFindings(findings)`, `checkViolations(tool, claims, findings)`.
 * - `scanSurface(contractSet)`, `scanSurfaceText`, `scanSchemaSurface`: tool poisoning.
 * - `scanToSarif(findings, { version })`, `renderScanText`, `renderScanGithub`, `describeFinding`.
 *
 * @module
 */
export type {
  ActionClaims, CapabilityPattern, Confidence, FileAccess, FilesScan, FindingKind, FindingLevel, ImportRecord, LocalNamedExport, ModuleInfo, PackageCall,
  ReadSource, ResolveImport, ScanCache, ScanFamily, ScanFilesOptions, ScanFinding, ScanSourceOptions, SourceScan, ToolClaims, ToolScan,
  ToolScanEntry, RawNaming, RustItems, RustItem, RustItemRefs,
} from './types.ts';
export type { GoPackageFacts, GoKnownType, GoValueType, GoLocalType } from './go/go-value-types.ts';
export type { GoImportSpec } from './go/go-imports.ts';
export { scanSource, evasionLevel, NOT_ANALYZED_ID } from './scan-source.ts';
export { createScanCache, scanFiles } from './scan-files.ts';
export { CODE_EXTENSIONS } from './import-candidates.ts';
export { entitlementsFromFindings } from './entitlements-from-findings.ts';

export { type ToolScanOptions } from './scan-tools.ts';
export { scanSurface, scanSurfaceText, type SurfaceLocation, type SurfaceTextOptions } from './scan-surface.ts';
export { SCAN_RULES, scanRuleById, type ScanRule } from './rules.ts';
export { CAPABILITY_PATTERNS } from './pattern-index.ts';
export { EVASION_RULES, type EvasionRule } from './patterns/evasion.ts';
export { VIOLATION_RULES, type ViolationRule, type ClaimCondition } from './patterns/violations.ts';
export { POISONING_RULES, type PoisoningRule } from './patterns/poisoning.ts';

export { type ScanSarifOptions } from './scan-to-sarif.ts';
export type { SarifLog } from '../format/sarif.ts';
export { type ScanReport, type RenderTextOptions } from './render-scan.ts';

// A JavaScript caller's argument of the wrong kind (null, a string for an object, …) is an
// InputError naming the call and the argument, looked at only when the work failed
// with a TypeError or RangeError (src/arguments.ts).
import { guardArguments } from '../arguments.ts';

/** A scan report, as far as a caller's mistake shows. */
const REPORT = { files: 'array', findings: 'objects', violations: 'objects' } as const;
import * as work0 from './scan-source.ts';
import * as work1 from './import-candidates.ts';
import * as work2 from './check-violations.ts';
import * as work3 from './scan-tools.ts';
import * as work4 from './scan-surface.ts';
import * as work5 from './pattern-index.ts';
import * as work6 from './describe-finding.ts';
import * as work7 from './scan-to-sarif.ts';
import * as work8 from './render-scan.ts';
/** {@link work0.namesCapability}, its arguments checked by kind on failure. */
export const namesCapability = guardArguments(work0.namesCapability, 'namesCapability(text)', ['string']);
/** {@link work1.importCandidates}, its arguments checked by kind on failure. */
export const importCandidates = guardArguments(work1.importCandidates, 'importCandidates(specifier, fromFile)', ['string', 'string']);
/** {@link work2.checkViolations}, its arguments checked by kind on failure. */
export const checkViolations = guardArguments(work2.checkViolations, 'checkViolations(tool, claims, findings)', ['string', 'object', 'objects']);
/** {@link work2.isAllowed}, its arguments checked by kind on failure. */
export const isAllowed = guardArguments(work2.isAllowed, 'isAllowed(allow, finding)', ['array?', 'object']);
/** {@link work3.scanToolEntitlements}, its arguments checked by kind on failure. */
export const scanToolEntitlements = guardArguments(work3.scanToolEntitlements, 'scanToolEntitlements(handlerFiles, options)', ['array', 'object']);
/** {@link work3.scanTools}, its arguments checked by kind on failure. */
export const scanTools = guardArguments(work3.scanTools, 'scanTools(tools, options)', ['object', 'object']);
/** {@link work3.entitlementsByTool}, its arguments checked by kind on failure. */
export const entitlementsByTool = guardArguments(work3.entitlementsByTool, 'entitlementsByTool(handlers, options)', ['object', 'object']);
/** {@link work4.scanSchemaSurface}, its arguments checked by kind on failure. */
export const scanSchemaSurface = guardArguments(work4.scanSchemaSurface, 'scanSchemaSurface(schema, location, options)', ['any', 'object', 'object?']);
/** {@link work5.lookupModule}, its arguments checked by kind on failure. */
export const lookupModule = guardArguments(work5.lookupModule, 'lookupModule(specifier)', ['string']);
/** {@link work6.describeFinding}, its arguments checked by kind on failure. */
export const describeFinding = guardArguments(work6.describeFinding, 'describeFinding(finding)', ['object']);
/** {@link work7.scanToSarif}, its arguments checked by kind on failure. */
export const scanToSarif = guardArguments(work7.scanToSarif, 'scanToSarif(findings, options)', ['objects', 'object']);
/** {@link work8.renderScanText}, its arguments checked by kind on failure. */
export const renderScanText = guardArguments(work8.renderScanText, 'renderScanText(report, options)', [REPORT, 'object?']);
/** {@link work8.renderScanGithub}, its arguments checked by kind on failure. */
export const renderScanGithub = guardArguments(work8.renderScanGithub, 'renderScanGithub(report)', [REPORT]);
