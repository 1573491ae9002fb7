/**
 * The one message the guard changes: it watches the client's lines for the `initialize` request
 * id and the server's lines for the response to it, and adds the `mcpfusionTrust` capability
 * under `result.capabilities.experimental`. Every other line is left byte for byte as it came;
 * a server line that is not strict JSON before that response ends the session (`refused`).
 * Works on single messages and on JSON-RPC batches (arrays). Pure: lines in, lines out.
 *
 * @module
 */
import { TRUST_CAPABILITY_KEY, type TrustCapability } from '../attest/build-trust-capability.ts';
import { createPendingIds } from './pending-ids.ts';
import { encoder, isBlankLine, isObject, isPlainTextLine, lineEnding, readAwaited, tryParseLine, type Json } from './json-lines.ts';

/** Tracks the handshake of one session and rewrites the `initialize` response. */
export interface InitializeTracker {
  /** Feed one complete client → server line (with its line ending). */
  clientLine(line: Uint8Array): void;
  /**
   * Feed one complete server → client line.
   *
   * @returns The line to send to the client: a new line with the capability added when this was
   *   the `initialize` response, else the very same bytes.
   */
  serverLine(line: Uint8Array): Uint8Array;
  /** Whether the `initialize` response has been rewritten (then nothing else needs watching). */
  readonly done: boolean;
  /** Why the session cannot go on (a server line that is not strict JSON before the response), or null. */
  readonly refused: string | null;
  /** The names of the capabilities the client declared in its `initialize` request, sorted (none yet: empty). */
  readonly clientCapabilities: readonly string[];
}

/**
 * Create a tracker that injects a capability into the `initialize` response.
 *
 * A capability of the same name sent by the server is replaced: only the guard speaks for the
 * attestation. An error response is passed through unchanged.
 *
 * @param capability The `mcpfusionTrust` object.
 * @returns The tracker.
 * @example const t = createInitializeTracker(cap); t.clientLine(req); out.write(t.serverLine(res))
 */
export function createInitializeTracker(capability: TrustCapability): InitializeTracker {
  const pending = createPendingIds<true>(Number.POSITIVE_INFINITY);
  let done = false;
  let refused: string | null = null;
  let clientCapabilities: string[] = [];

  const inject = (msg: Json): boolean => {
    if (!isObject(msg) || pending.find(msg.id) === undefined || !isObject(msg.result)) return false;
    const result = msg.result;
    const capabilities = isObject(result.capabilities) ? result.capabilities : {};
    const experimental = isObject(capabilities.experimental) ? capabilities.experimental : {};
    experimental[TRUST_CAPABILITY_KEY] = { ...capability };
    capabilities.experimental = experimental;
    result.capabilities = capabilities;
    return true;
  };

  return {
    get done() {
      return done;
    },
    get refused() {
      return refused;
    },
    get clientCapabilities() {
      return clientCapabilities;
    },
    clientLine(line) {
      if (done) return;
      const msg = tryParseLine(line);
      for (const m of Array.isArray(msg) ? msg : [msg]) {
        if (!isObject(m) || m.method !== 'initialize' || (typeof m.id !== 'string' && typeof m.id !== 'number')) continue;
        pending.add(m.id, true);
        const declared = isObject(m.params) ? m.params.capabilities : undefined;
        // A capability given as null or false is not declared.
        if (isObject(declared)) clientCapabilities = Object.keys(declared).filter((k) => declared[k] !== null && declared[k] !== false).sort();
      }
    },
    serverLine(line) {
      if (done || pending.size === 0 || isBlankLine(line)) return line;
      // A line a client may read otherwise than JSON.parse does (NaN in Python, the first of two
      // duplicate keys) could carry an initialize response with a capability of the server's own
      // making, passed on unchanged: it is not passed on, and the session ends.
      // Plain text (a banner, a log line) is no message to any reader: it passes as it came.
      if (isPlainTextLine(line)) return line;
      const read = readAwaited(line, 'the initialize response');
      if ('refusal' in read) {
        refused ??= read.refusal;
        return new Uint8Array(0);
      }
      const msg = read.value;
      const messages = Array.isArray(msg) ? msg : [msg];
      // The answers some client pairs with the request: under its own id, or under another a client
      // reads as the same number ("0" for 0), which the TypeScript and Python SDKs' clients take and
      // an exact-matching one (Go's, Rust's SDK) does not: it takes a later answer under 0. Each gets
      // the capability; only an answer under the request's own id ends the watch.
      const answers = messages.filter((m) => isObject(m) && ('result' in m || 'error' in m)).map((m) => pending.find((m as { id?: Json }).id)).filter((f) => f !== undefined);
      const changed = messages.map(inject).some(Boolean);
      for (const f of answers) if (f.exact) pending.remove(f.key);
      // An error answer to initialize ends the watch too: nothing to add to it.
      if (answers.some((f) => f.exact)) done = true;
      if (!changed) return line;
      const ending = lineEnding(line);
      return encoder.encode(JSON.stringify(msg) + ending);
    },
  };
}
