/**
 * The entitlement scanner's public API (re-exports only).
 *
 * - `scanSource(text, { file })`: one JavaScript/TypeScript, Python or Go text → findings and imports.
 * - `scanFiles(entryFiles, { readSource, resolve?, cache? })`: entry files plus their relative
 *   imports (for Go, package files and the server's own packages, listed through a
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
  ActionClaims, CapabilityPattern, Confidence, FileAccess, FilesScan, FindingKind, FindingLevel, ImportRecord, ModuleInfo,
  ReadSource, ResolveImport, ScanCache, ScanFamily, ScanFilesOptions, ScanFinding, ScanSourceOptions, SourceScan, ToolClaims, ToolScan,
  ToolScanEntry, RawNaming, RustItems, RustItem, RustItemRefs,
} from './types.ts';
export type { GoPackageFacts, GoKnownType, GoValueType, GoLocalType } from './go/go-value-types.ts';
export type { GoImportSpec } from './go/go-imports.ts';
export { scanSource, namesCapability, evasionLevel, NOT_ANALYZED_ID } from './scan-source.ts';
export { createScanCache, scanFiles } from './scan-files.ts';
export { importCandidates, CODE_EXTENSIONS } from './import-candidates.ts';
export { entitlementsFromFindings } from './entitlements-from-findings.ts';
export { checkViolations, isAllowed } from './check-violations.ts';
export { scanToolEntitlements, scanTools, entitlementsByTool, type ToolScanOptions } from './scan-tools.ts';
export { scanSurface, scanSurfaceText, scanSchemaSurface, type SurfaceLocation, type SurfaceTextOptions } from './scan-surface.ts';
export { SCAN_RULES, scanRuleById, type ScanRule } from './rules.ts';
export { CAPABILITY_PATTERNS, lookupModule } from './pattern-index.ts';
export { EVASION_RULES, type EvasionRule } from './patterns/evasion.ts';
export { VIOLATION_RULES, type ViolationRule, type ClaimCondition } from './patterns/violations.ts';
export { POISONING_RULES, type PoisoningRule } from './patterns/poisoning.ts';
export { describeFinding } from './describe-finding.ts';
export { scanToSarif, type ScanSarifOptions } from './scan-to-sarif.ts';
export type { SarifLog } from '../format/sarif.ts';
export { renderScanText, renderScanGithub, type ScanReport, type RenderTextOptions } from './render-scan.ts';
