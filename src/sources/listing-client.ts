/**
 * The SDK `Client` with an `initialize` handshake that checks only what mcpfusion uses.
 *
 * The SDK's own `Client.connect` validates the whole `initialize` result against its schema of the
 * newest protocol version, so a server in another language that leaves out
 * `serverInfo.version`, writes `"prompts": null` for a capability it lacks, or sends `icons` in an
 * older draft's shape failed the handshake with a dump of schema issues, although nothing of it is
 * locked. Here the result must have a supported `protocolVersion` and a `capabilities` object;
 * `serverInfo` is kept as sent (its `name` becomes the server name when it is a string), and every
 * deviation from the MCP schema that mcpfusion can read past is returned as a warning instead.
 *
 * @module
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Protocol, type RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCNotification,
  LATEST_PROTOCOL_VERSION,
  ResultSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type Implementation,
  type JSONRPCNotification,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import type { JsonValue } from '../canonical/strict-json.ts';
import { isJsonObject, type JsonObject } from '../contract/shape.ts';
import { CLIENT_INFO } from './client-info.ts';

export { CLIENT_INFO };

/** What mcpfusion takes from an `initialize` result. */
export interface InitializeOutcome {
  protocolVersion: string;
  /** The advertised capabilities; a capability given as `null` or `false` is left out (not advertised). */
  capabilities: ServerCapabilities;
  /** `serverInfo` exactly as sent, or null. */
  serverInfo: JsonValue;
  /** Deviations from the MCP schema that were read past. */
  warnings: string[];
}


function kind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `the ${typeof v} ${JSON.stringify(v)}`;
}

/**
 * Check an `initialize` result for what mcpfusion needs.
 *
 * @param result The raw result.
 * @returns The protocol version, capabilities, serverInfo and warnings.
 * @throws {Error} With a one-line reason when the protocol version is missing or not supported,
 *   or `capabilities` is not an object.
 * @example checkInitializeResult({ protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's' } }).warnings
 */
export function checkInitializeResult(result: unknown): InitializeOutcome {
  if (!isJsonObject(result)) throw new Error(`the initialize result is ${kind(result)}, not an object`);
  const version = result['protocolVersion'];
  if (typeof version !== 'string') {
    throw new Error(`the initialize result has no "protocolVersion" string (found ${version === undefined ? 'none' : kind(version)})`);
  }
  if (!SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    throw new Error(
      `the server answered with MCP protocol version ${JSON.stringify(version)}, which mcpfusion does not speak ` +
        `(it asked for ${LATEST_PROTOCOL_VERSION} and speaks ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
    );
  }
  const warnings: string[] = [];
  const rawCapabilities = result['capabilities'];
  if (!isJsonObject(rawCapabilities)) {
    throw new Error(`the initialize result has no "capabilities" object (found ${rawCapabilities === undefined ? 'none' : kind(rawCapabilities)})`);
  }
  const capabilities: JsonObject = {};
  for (const [key, value] of Object.entries(rawCapabilities)) {
    if (value === null || value === false) continue; // what some servers write for a capability they lack
    if (!isJsonObject(value)) warnings.push(`The server's capability "${key}" is ${kind(value)}, not an object; read as advertised`);
    capabilities[key] = isJsonObject(value) ? value : {};
  }
  const serverInfo = result['serverInfo'] ?? null;
  if (!isJsonObject(serverInfo)) {
    warnings.push(`The server's initialize result has no "serverInfo" object (found ${serverInfo === null ? 'none' : kind(serverInfo)}), so it gives no server name`);
  } else if (typeof serverInfo['name'] !== 'string') {
    warnings.push(`The server's serverInfo has no "name" string, so it gives no server name`);
  }
  return { protocolVersion: version, capabilities: capabilities as ServerCapabilities, serverInfo, warnings };
}

/** The SDK `Protocol`'s dispatch of one notification (private there; see {@link routeNotificationsFirst}). */
type NotificationDispatch = (notification: JSONRPCNotification) => void;

/** The method of the notification {@link checkNotificationDispatch} sends itself. */
const PROBE_METHOD = 'notifications/mcpfusion/dispatch-check';

/**
 * Whether the SDK's private notification dispatch (`Protocol._onnotification`, which
 * {@link routeNotificationsFirst} calls directly) still does what the fast path relies on: called
 * with a notification that has no handler of its own, it hands that notification, unchanged, to
 * `fallbackNotificationHandler` within the microtasks that follow. It is private, so an SDK
 * release may rename it, drop it or change what it does: then this says no, and every message
 * goes through the SDK's own router, as without the fast path (slower for a server that floods
 * notifications, the same otherwise).
 *
 * @param make A fresh SDK client to try it on (a test gives a stand-in).
 * @returns True when the dispatch can be called directly.
 * @example await checkNotificationDispatch() // true with @modelcontextprotocol/sdk 1.32
 */
export async function checkNotificationDispatch(make: () => object = () => new Client(CLIENT_INFO, { capabilities: {} })): Promise<boolean> {
  const probe = make() as { _onnotification?: unknown; fallbackNotificationHandler?: (n: JSONRPCNotification) => Promise<void> };
  const dispatch = probe._onnotification;
  if (typeof dispatch !== 'function') return false;
  const sent: JSONRPCNotification = { jsonrpc: '2.0', method: PROBE_METHOD, params: { check: 1 } };
  let received: unknown;
  probe.fallbackNotificationHandler = async (notification) => {
    received = notification;
  };
  try {
    (dispatch as NotificationDispatch).call(probe, sent);
  } catch (error) {
    // A dispatch that throws on a notification is none to rely on: the SDK's router stays in use.
    if (error instanceof Error) return false;
    throw error;
  }
  // The SDK hands it over in a microtask: all of them have run before the next macrotask.
  await new Promise((resolve) => setImmediate(resolve));
  return received === sent;
}

/** {@link checkNotificationDispatch} for the SDK loaded, asked once per process. */
let dispatchWorks: Promise<boolean> | undefined;

/**
 * Route a notification from the transport straight to the protocol's notification dispatch.
 *
 * The SDK's router (`Protocol.connect`) tries every message as a result response, an error
 * response and a request before a notification, each one a zod parse that fails, and a failing
 * parse builds issues: a server that sent 200000 `notifications/message` before it answered
 * `tools/list` spent most of its request time there (about 3 failed parses per notification, the
 * garbage of which kept the collector busy). The SDK's four message schemas are strict objects:
 * one that {@link isJSONRPCNotification} accepts has no `id`, `result` or `error`, so each of the
 * router's first three tests fails on it and the router would have dispatched it as a
 * notification. Every other message goes to the router as before. Used only when
 * {@link checkNotificationDispatch} says the private dispatch still works; otherwise nothing changes.
 */
function routeNotificationsFirst(client: object, transport: Transport): void {
  const dispatch = (client as unknown as { _onnotification?: NotificationDispatch })._onnotification;
  const route = transport.onmessage;
  if (typeof dispatch !== 'function' || route === undefined) return;
  transport.onmessage = (message, extra) => {
    if (!('id' in message) && 'method' in message && isJSONRPCNotification(message)) dispatch.call(client, message);
    else route(message, extra);
  };
}

/** Options of a {@link ListingClient}. */
export interface ListingClientOptions {
  /**
   * Route notifications straight to the SDK's dispatch ({@link routeNotificationsFirst}) when it
   * passes {@link checkNotificationDispatch} (default true); false always uses the SDK's router.
   */
  notificationFastPath?: boolean;
}

/** A list a server can say changed with `notifications/<kind>/list_changed`. */
export type ListKind = 'tools' | 'prompts' | 'resources';

/**
 * The SDK `Client` whose handshake checks only what mcpfusion uses ({@link checkInitializeResult});
 * everything after the handshake is the SDK's.
 */
export class ListingClient extends Client {
  private outcome: InitializeOutcome | undefined;
  /** The lists the server said changed (`notifications/<kind>/list_changed`) since they were last taken. */
  private changed = new Set<ListKind>();
  /** Called when a list_changed notification comes, while {@link waitForChangedLists} waits. */
  private onChange: (() => void) | undefined;

  /** Whether notifications may skip the SDK's router ({@link ListingClientOptions}). */
  private readonly notificationFastPath: boolean;
  /** Which way notifications went, once connected: `direct` (the fast path) or `sdk` (the SDK's router). */
  notificationRoute: 'direct' | 'sdk' | undefined;

  /**
   * @param options `notificationFastPath: false` sends every message through the SDK's router,
   *   as when the SDK's private dispatch fails {@link checkNotificationDispatch} (for tests).
   */
  constructor(options: ListingClientOptions = {}) {
    super(CLIENT_INFO, { capabilities: {} });
    this.notificationFastPath = options.notificationFastPath !== false;
    // No handler is registered for these (the SDK's own needs its listChanged option): they reach the fallback.
    this.fallbackNotificationHandler = async (notification) => {
      const kind = /^notifications\/(tools|prompts|resources)\/list_changed$/.exec(notification.method)?.[1] as ListKind | undefined;
      if (kind !== undefined) {
        this.changed.add(kind);
        this.onChange?.();
      }
    };
  }

  /**
   * Wait until the server says a list changed, or `ms` have passed, or `stop` settles.
   *
   * @param ms Milliseconds to wait at most.
   * @param stop Ends the wait early when it settles either way (the connection failed).
   * @returns What {@link takeChangedLists} then returns (`[]` when nothing was said).
   */
  async waitForChangedLists(ms: number, stop: Promise<unknown>): Promise<ListKind[]> {
    if (this.changed.size === 0 && ms > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        new Promise<void>((resolve) => {
          this.onChange = resolve;
          timer = setTimeout(resolve, ms);
        }),
        stop.then(() => {}, () => {}),
      ]);
      clearTimeout(timer);
      this.onChange = undefined;
    }
    return this.takeChangedLists();
  }

  /**
   * The lists the server said changed since the last call, in the order tools, prompts, resources;
   * forgotten once taken.
   *
   * @returns E.g. `['tools']` after a `notifications/tools/list_changed`.
   */
  takeChangedLists(): ListKind[] {
    const kinds = (['tools', 'prompts', 'resources'] as const).filter((k) => this.changed.has(k));
    this.changed.clear();
    return kinds;
  }

  /** Warnings about the `initialize` result (deviations read past). */
  get initializeWarnings(): string[] {
    return this.outcome?.warnings ?? [];
  }

  /** `serverInfo` as the server sent it, or null. */
  get rawServerInfo(): JsonValue {
    return this.outcome?.serverInfo ?? null;
  }

  /**
   * Connect and run `initialize` + `notifications/initialized`.
   *
   * @param transport The transport.
   * @param options Request options of `initialize` (its time limit).
   */
  override async connect(transport: Transport, options?: RequestOptions): Promise<void> {
    // The SDK's Client.connect would validate the whole result with its strict schema: skip it,
    // and run the protocol's own connect (message routing) directly.
    // Unlike the SDK's, a failed handshake leaves the transport open: the caller shuts the
    // connection down, and an HTTP session the server gave in its answer to `initialize` can only
    // be ended (DELETE) while the transport is open; closing it here aborted that request.
    const direct = this.notificationFastPath && (await (dispatchWorks ??= checkNotificationDispatch()));
    await Protocol.prototype.connect.call(this, transport);
    if (direct) routeNotificationsFirst(this, transport);
    this.notificationRoute = direct ? 'direct' : 'sdk';
    const result = await this.request(
      { method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO } },
      ResultSchema,
      options,
    );
    this.outcome = checkInitializeResult(result);
    transport.setProtocolVersion?.(this.outcome.protocolVersion);
    await this.notification({ method: 'notifications/initialized' });
  }

  override getServerCapabilities(): ServerCapabilities | undefined {
    return this.outcome?.capabilities;
  }

  override getServerVersion(): Implementation | undefined {
    const info = this.outcome?.serverInfo;
    return isJsonObject(info) ? (info as unknown as Implementation) : undefined;
  }
}
