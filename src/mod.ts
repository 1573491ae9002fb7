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
  computeContractSetDigests,
  type ToolDigest,
  type DigestComponents,
  type ContractSetDigests,
} from './canonical/digest.ts';
export { surfacePreimage, behaviorPreimage, tokenEconomicsPreimage, entitlementsPreimage, promptPreimage, resourcePreimage, computePromptDigest, computeResourceDigest, computeIntegrityDigest } from './canonical/mod.ts';
export * from './contract/types.ts';
export { buildLockfile, type BuildLockfileOptions } from './lockfile/build-lockfile.ts';
export { serializeLockfile } from './lockfile/serialize-lockfile.ts';
export { parseLockfile, contractSetFromLockfile, verifyLockfileDigests } from './lockfile/parse-lockfile.ts';
export { checkLockfile, type LockfileCheckResult, type ChangedTool, type KindDrift } from './lockfile/check-lockfile.ts';
export { LOCKFILE_NAME, LOCKFILE_VERSION, type Lockfile, type LockfileTool, type LockfilePrompt, type LockfileResource, type LockfileAction } from './lockfile/types.ts';
export { parseContractsFile, contractSetFromJson, type ContractsFileOptions } from './sources/contracts-file.ts';
export { materializeTool, materializeToolsList, materializeServer, type ServerSnapshot, type MaterializeOptions } from './contract/materialize.ts';
export type { ToolOverlay, ToolOverlays, ActionOverlay, GuardrailsOverlay } from './contract/overlay.ts';
export * from './contract/fusion-manifest.ts';
export { DEFAULT_TIMEOUTS, type LiveConnection, type LiveReadResult, type SourceTimeouts } from './sources/mcp-client.ts';
export { stdioConnection, type StdioServerOptions } from './sources/stdio.ts';
export { type HttpServerOptions } from './sources/http.ts';
export { parseConfig, CONFIG_FILE_NAME, type McpfusionConfig, type LoadedConfig, type ConfigReadOptions, type SourceConfig, type TimeoutsConfig } from './sources/config.ts';
export { type CommandLine, type CommandRole } from './sources/command-line.ts';
export { type CommandJudgeOptions } from './sources/judge-command.ts';
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

// A JavaScript caller's argument of the wrong kind (null, a string for an object, …) is an
// InputError naming the call and the argument, looked at only when the work failed
// with a TypeError or RangeError (src/arguments.ts).
import { guardArguments } from './arguments.ts';
import * as work0 from './lockfile/parse-lockfile.ts';
import * as work1 from './contract/materialize.ts';
import * as work2 from './contract/fusion-manifest.ts';
import * as work3 from './sources/mcp-client.ts';
import * as work4 from './sources/http.ts';
import * as work5 from './sources/config.ts';
import * as work6 from './sources/command-line.ts';
import * as work7 from './sources/judge-command.ts';
/** {@link work0.isCompleteLockfile}, its arguments checked by kind on failure. */
export const isCompleteLockfile = guardArguments(work0.isCompleteLockfile, 'isCompleteLockfile(lock)', [{ capabilities: 'object' }]);
/** {@link work0.recordsResources}, its arguments checked by kind on failure. */
export const recordsResources = guardArguments(work0.recordsResources, 'recordsResources(lock)', [{ capabilities: 'object' }]);
/** {@link work1.unmatchedOverlays}, its arguments checked by kind on failure. */
export const unmatchedOverlays = guardArguments(work1.unmatchedOverlays, 'unmatchedOverlays(set, overlays)', ['object', 'object']);
/** {@link work2.undescribedPresenters}, its arguments checked by kind on failure. */
export const undescribedPresenters = guardArguments(work2.undescribedPresenters, 'undescribedPresenters(manifest)', [{ tools: 'object', presenters: 'object' }]);
/** {@link work3.readLiveServer}, its arguments checked by kind on failure. */
export const readLiveServer = guardArguments(work3.readLiveServer, 'readLiveServer(connection, timeouts)', [{ start: 'function', onFailure: 'function' }, 'object?']);
/** {@link work4.httpConnection}, its arguments checked by kind on failure. */
export const httpConnection = guardArguments(work4.httpConnection, 'httpConnection(options)', ['object']);
/** {@link work5.loadConfig}, its arguments checked by kind on failure. */
export const loadConfig = guardArguments(work5.loadConfig, 'loadConfig(configFlag, cwd, env, options)', ['string?', 'string', 'object', 'object?']);
/** {@link work6.parseCommandLine}, its arguments checked by kind on failure. */
export const parseCommandLine = guardArguments(work6.parseCommandLine, 'parseCommandLine(line, home, role)', ['string', 'string?', 'string?']);
/** {@link work7.commandJudge}, its arguments checked by kind on failure. */
export const commandJudge = guardArguments(work7.commandJudge, 'commandJudge(commandLine, options)', ['string', 'object']);
