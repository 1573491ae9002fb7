/**
 * `mcpfusion guard --attestation FILE -- <server command>`: attestation for servers that cannot
 * be changed. The guard checks the attestation's signature, starts the server once to compute
 * its live digest (exactly as `lock --server` does, config overlays included), refuses to serve
 * with `AttestationError` (exit 1) when it differs from the attested one, and otherwise starts
 * the server again behind a byte-faithful stdio proxy that adds `mcpfusionTrust` to the
 * `initialize` result under `capabilities.experimental`.
 *
 * @module
 */
import { AttestationFailure } from '../attest/attestation-result.ts';
import { buildTrustCapability } from '../attest/build-trust-capability.ts';
import type { AttestationDocument } from '../attest/attestation-document.ts';
import { tryParseServerStatement } from '../attest/server-statement.ts';
import { verifyAttestation } from '../attest/verify-attestation.ts';
import { tryDecodeBase64 } from '../canonical/base64.ts';
import { canonicalize } from '../canonical/jcs.ts';
import { isObject } from '../guard/json-lines.ts';
import { computeContractSetDigests } from '../canonical/digest.ts';
import { InputError } from '../errors.ts';
import { runStdioProxy } from '../guard/stdio-proxy.ts';
import type { ServedToolsCheck } from '../guard/tools-list-watch.ts';
import type { ContractSet } from '../contract/types.ts';
import type { JsonValue } from '../canonical/strict-json.ts';
import { useLongRunningJitPolicy } from '../io/jit-policy.ts';
import { loadContractSet } from '../sources/load.ts';
import { redactCommandLine } from '../sources/redact-command.ts';
import { VERIFY_OPTIONS, readAttestation, refuseLiteralSecret, secretEdgeNote, verifyingConfig, withholdSecretEnv } from './attest-inputs.ts';
import type { CommandSpec, Io } from './command.ts';
import { boolFlag, formatFlag } from './flags.ts';
import { drainStdio, listed, proxiedServer, proxiedServerOptions, proxiedServerRedactor, quoteArgv, serverArgv, sessionExitCode } from './_proxied-server.ts';

/**
 * The check of the served session's `tools/list` answers: every tool listed must be an attested
 * one with the same tool digest (materialized exactly as the start-up check did), and a complete
 * (unpaginated) list must hold every attested tool. A tool digest leaves out what a client may
 * still show or act on (a `title`, `annotations.title`, `_meta`, `icons`, `execution`): with the
 * start-up read's tools, each listed tool must also be, as a whole (canonically), the one that
 * read was given, so a server cannot change those once it is served.
 *
 * @param attested The tool digests (bare hex) that were verified against the attestation.
 * @param materializeTools The start-up read's materializer.
 * @param startupTools The tools the start-up read was given (raw), when known.
 * @returns The check.
 */
export function servedToolsCheck(attested: Record<string, { digest: string }>, materializeTools: (tools: JsonValue[]) => ContractSet, startupTools?: readonly JsonValue[]): ServedToolsCheck {
  // Clients list again and again (after every list_changed, often per turn): an answer that is
  // the same text as one that held is not materialized again.
  const held = new Set<string>();
  /** Each tool of the start-up read, by name, in canonical form (null: no start-up tools known). */
  const seen = startupTools === undefined ? null : new Map<string, string>();
  for (const t of startupTools ?? []) {
    if (isObject(t) && typeof t['name'] === 'string') seen!.set(t['name'], canonicalize(t));
  }
  return (tools, complete, clientCapabilities = []) => {
    const key = `${complete ? 'all' : 'page'}:${JSON.stringify(tools)}`;
    if (held.has(key)) return null;
    let digests: Record<string, { digest: string }>;
    try {
      digests = computeContractSetDigests(materializeTools(tools as JsonValue[])).tools;
    } catch (cause) {
      if (cause instanceof InputError) return `the server's tools/list answer cannot be read as contracts (${cause.message.split('\n')[0]})`;
      throw cause;
    }
    const added = Object.keys(digests).filter((n) => !Object.hasOwn(attested, n)).sort();
    const changed = Object.keys(digests).filter((n) => Object.hasOwn(attested, n) && digests[n]!.digest !== attested[n]!.digest).sort();
    const missing = complete ? Object.keys(attested).filter((n) => !Object.hasOwn(digests, n)).sort() : [];
    // Same digest, yet not the tool the start-up read was given: what changed is outside the digest.
    const restyled = seen === null ? [] : [...new Set((tools as JsonValue[]).filter((t) => isObject(t) && typeof t['name'] === 'string' && Object.hasOwn(attested, t['name'])
      && !changed.includes(t['name']) && seen.get(t['name']) !== canonicalize(t)).map((t) => (t as Record<string, JsonValue>)['name'] as string))].sort();
    if (added.length + changed.length + missing.length + restyled.length === 0) {
      if (held.size < 16) held.add(key);
      return null;
    }
    const parts = [
      added.length > 0 ? `lists tools that are not attested: ${listed(added)}` : '',
      changed.length > 0 ? `lists tools whose digest differs from the attested one: ${listed(changed)}` : '',
      missing.length > 0 ? `no longer lists attested tools: ${listed(missing)}` : '',
      restyled.length > 0 ? `lists tools that differ from the start-up read outside their attested digest: ${listed(restyled)} (a title, annotations, _meta, icons or execution the signature does not cover, changed once served)` : '',
    ].filter(Boolean);
    // The start-up read (as lock and attest sign read a server) declares no client capabilities:
    // a server may list other tools for a client that declares some, and that is a cause the
    // refusal can name, though not prove.
    const because = clientCapabilities.length === 0 ? '' : `; the client declared the capabilities ${listed([...clientCapabilities])} in its initialize request, and a server may list other tools for a client that declares them (server-everything adds tools for sampling and elicitation), while the attestation covers the tools a client that declares none is listed; guard serves only that list, so such a server can be guarded only for a client without those capabilities`;
    return `while being served, the server ${parts.join('; ')}${because}`;
  };
}

/**
 * What differs between the attested tools and the live ones, for the start-up refusal. An
 * Ed25519 attestation signs each tool's digest (its statement's `predicate.tools`, whose
 * signature step 1 checked), so the tools that were added, changed or removed can be named; HMAC
 * and command attestations sign the server digest alone, so only the counts are known.
 *
 * @param doc The attestation (its signature already verified).
 * @param live The live tool digests (bare hex).
 * @returns One clause, without a trailing period.
 */
export function describeStartupDrift(doc: AttestationDocument, live: Record<string, { digest: string }>): string {
  const payload = doc.envelope ? tryDecodeBase64(doc.envelope.payload) : undefined;
  const statement = payload ? tryParseServerStatement(payload) : undefined;
  if (statement !== undefined && typeof statement !== 'string' && Object.keys(statement.predicate.tools).length > 0) {
    const attested = statement.predicate.tools;
    const added = Object.keys(live).filter((n) => !Object.hasOwn(attested, n)).sort();
    const changed = Object.keys(live).filter((n) => Object.hasOwn(attested, n) && attested[n] !== `sha256:${live[n]!.digest}`).sort();
    const missing = Object.keys(attested).filter((n) => !Object.hasOwn(live, n)).sort();
    const parts = [
      added.length > 0 ? `lists tools that are not attested: ${listed(added)}` : '',
      changed.length > 0 ? `lists tools whose digest differs from the attested one: ${listed(changed)}` : '',
      missing.length > 0 ? `no longer lists attested tools: ${listed(missing)}` : '',
    ].filter(Boolean);
    if (parts.length > 0) return `the server ${parts.join('; ')}`;
  }
  const count = Object.keys(live).length;
  return `the server lists ${count} ${count === 1 ? 'tool' : 'tools'}, the attestation covers ${doc.toolCount}; a ${doc.signer} attestation holds no per-tool digests, so which tools changed is not known here (mcpfusion diff --against LOCKFILE --server "<the command>" with the approved lockfile names the changes)`;
}

/** `mcpfusion guard`. */
export const guardCommand: CommandSpec = {
  name: 'guard',
  takesRest: true,
  description: 'Run a stdio MCP server behind a proxy that refuses to serve unless its live digest matches the attestation, and adds mcpfusionTrust to its capabilities',
  formatHelp: 'text (default; the only one: stdout is the server\'s protocol stream)',
  options: [
    ...VERIFY_OPTIONS,
    ...proxiedServerOptions('guard'),
  ],
  examples: [
    'mcpfusion guard --attestation mcpfusion.attestation.json --secret-env MCPFUSION_SECRET -- node dist/server.js',
    'mcpfusion guard --public-key ci.pub -- npx -y @modelcontextprotocol/server-memory',
  ],
  async run(_args, flags, given) {
    refuseLiteralSecret(flags);
    // Its stdout is the server's protocol stream and its own lines are text on stderr: any other
    // format would be silently ignored.
    formatFlag(flags, ['text'] as const, 'guard');
    const withheld = withholdSecretEnv(flags, given);
    const argv = serverArgv(flags, 'mcpfusion guard --attestation FILE');
    // Every line guard writes and every error it ends with may quote the server (the tools it
    // lists), which may repeat a secret it was given: hidden as a --server source's messages hide it.
    const hide = proxiedServerRedactor(argv, flags, withheld);
    // The I/O may inherit its members (cli.ts wraps the caller's): derive, never spread.
    const io = Object.create(withheld, { stderr: { value: (text: string) => withheld.stderr(hide(text)) } }) as Io;
    const { doc, path } = readAttestation(flags, io);
    const config = verifyingConfig(doc, flags, io);
    const quiet = boolFlag(flags, 'quiet');
    const log = (s: string): void => { if (!quiet) io.stderr(`guard: ${s}\n`); };

    // 1. The attestation itself must hold before any server process starts.
    const attested = doc.serverDigest.slice('sha256:'.length);
    const self = await verifyAttestation(attested, doc, config);
    if (!self.valid) throw new AttestationFailure({ ...self, error: `${self.error}${secretEdgeNote(self.failure, config)} (${path.shown}); refusing to start the server` });

    // 2. The live digest, computed the way `lock --server` computes it.
    const { set, materializeTools, liveTools } = await loadContractSet({ ...flags, server: quoteArgv(argv), '--': undefined }, io);
    const live = computeContractSetDigests(set);
    const result = await verifyAttestation(live.serverDigest, doc, config);
    if (!result.valid) {
      const drift = result.failure === 'attest.digest-mismatch' ? `: ${describeStartupDrift(doc, live.tools)}` : '';
      throw new AttestationFailure({ ...result, error: hide(`${result.error}${drift} (${path.shown}, server ${JSON.stringify(redactCommandLine(argv.join(' ')))}); refusing to serve`) });
    }
    const capability = buildTrustCapability(result, Object.keys(set.tools).length);
    if (doc.integrityDigest !== null && doc.integrityDigest !== `sha256:${live.integrityDigest}`) {
      io.stderr(`guard: warning: the tools match the attestation, but the server's prompts changed (integrity digest sha256:${live.integrityDigest}, attested ${doc.integrityDigest}); the signature covers the tools only\n`);
    }
    log(`verified sha256:${live.serverDigest} (${capability.toolCount} tools) against ${path.shown} (${doc.signer}, ${doc.attestedAt}); serving`);

    // 3. Serve behind the proxy (for as long as the client stays: the normal JIT from here on).
    useLongRunningJitPolicy();
    const exit = await runStdioProxy({
      ...proxiedServer(argv, flags, io),
      capability,
      ...(materializeTools ? { checkTools: servedToolsCheck(live.tools, materializeTools, liveTools) } : {}),
      attestedTools: new Set(Object.keys(live.tools)),
      onRefusedCall: (names) => io.stderr(`guard: refused a call of ${names.length === 1 ? 'the tool' : 'the tools'} ${listed(names)}: not attested, not passed to the server\n`),
      onRejectedLine: (why) => io.stderr(`guard: refused a line from the client: ${why}; not passed to the server, answered with a parse error\n`),
    });
    await drainStdio();
    if (exit.refused !== null) {
      const error = hide(`${exit.refused} (${path.shown}, server ${JSON.stringify(redactCommandLine(argv.join(' ')))}); refusing to serve: the session was ended`);
      throw new AttestationFailure({ ...result, valid: false, failure: 'attest.digest-mismatch', error });
    }
    return sessionExitCode('guard', exit, argv, (line) => io.stderr(line));
  },
};
