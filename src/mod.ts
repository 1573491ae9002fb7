/**
 * The mcpfusion library: canonical JSON, WASM hashing, contract digests and the lockfile.
 * Named re-exports only; see docs/library.md.
 *
 * @module
 */
export { canonicalize, canonicalDigest } from './canonical/jcs.ts';
export { stringifySorted } from './canonical/pretty.ts';
export { parseStrictJson, tryParseStrictJson, type JsonValue } from './canonical/strict-json.ts';
export {
  sha256,
  sha256Hex,
  createSha256,
  hmacSha256,
  hmacSha256Hex,
  bytesToHex,
  constantTimeEqual,
  type HashInput,
  type Sha256Hasher,
} from './canonical/hash.ts';
export {
  computeToolDigest,
  computeServerDigest,
  computePromptDigest,
  computeResourceDigest,
  computeIntegrityDigest,
  computeContractSetDigests,
  surfacePreimage,
  behaviorPreimage,
  tokenEconomicsPreimage,
  entitlementsPreimage,
  promptPreimage,
  resourcePreimage,
  type ToolDigest,
  type DigestComponents,
  type ContractSetDigests,
} from './canonical/digest.ts';
export * from './contract/types.ts';
export { buildLockfile, type BuildLockfileOptions } from './lockfile/build-lockfile.ts';
export { serializeLockfile } from './lockfile/serialize-lockfile.ts';
export { parseLockfile, contractSetFromLockfile, isCompleteLockfile, recordsResources, verifyLockfileDigests } from './lockfile/parse-lockfile.ts';
export { checkLockfile, type LockfileCheckResult, type ChangedTool, type KindDrift } from './lockfile/check-lockfile.ts';
export { LOCKFILE_NAME, LOCKFILE_VERSION, type Lockfile, type LockfileTool, type LockfilePrompt, type LockfileResource, type LockfileAction } from './lockfile/types.ts';
export { parseContractsFile, contractSetFromJson, type ContractsFileOptions } from './sources/contracts-file.ts';
export { materializeTool, materializeToolsList, materializeServer, unmatchedOverlays, type ServerSnapshot, type MaterializeOptions } from './contract/materialize.ts';
export type { ToolOverlay, ToolOverlays, ActionOverlay, GuardrailsOverlay } from './contract/overlay.ts';
export * from './contract/fusion-manifest.ts';
export { readLiveServer, DEFAULT_TIMEOUTS, type LiveConnection, type LiveReadResult, type SourceTimeouts } from './sources/mcp-client.ts';
export { stdioConnection, type StdioServerOptions } from './sources/stdio.ts';
export { httpConnection, type HttpServerOptions } from './sources/http.ts';
export { parseConfig, loadConfig, CONFIG_FILE_NAME, type McpfusionConfig, type LoadedConfig, type ConfigReadOptions, type SourceConfig, type TimeoutsConfig } from './sources/config.ts';
export { parseCommandLine, type CommandLine, type CommandRole } from './sources/command-line.ts';
export { commandJudge, type CommandJudgeOptions } from './sources/judge-command.ts';
import './attest-defaults.ts';
export * from './attest/mod.ts';
export * from './diff/mod.ts';
export * from './scan/mod.ts';
export * from './probe/mod.ts';
export { run } from './cli.ts';
export type { Io, CommandSpec, OptionSpec } from './commands/command.ts';
export {
  McpfusionError,
  InputError,
  JsonParseError,
  CanonicalizationError,
  NotJsonError,
  SourceError,
  AttestationError,
  ExitCode,
  type ExitCodeValue,
} from './errors.ts';
export { VERSION } from './version.ts';
