/**
 * The proxy's own requests to the server (heal reads the server's tools itself when the session
 * has not listed them): JSON-RPC requests with string ids under a prefix no client id can meet
 * (heal's holds a random part of the session's: `mcpfusion-heal-3f9a…-1`, …), sent only once
 * the session is open (after the client's `notifications/initialized`, or once the server
 * answered a call: a server may refuse anything before the handshake ends), each with a deadline. Their answers are taken out of the
 * session, also those that come after the deadline (the request is then cancelled with
 * `notifications/cancelled`, and its id stays known for a grace period, {@link LATE_ANSWER_MS},
 * so that a late answer does not reach the client; a server that honours the cancel never
 * answers, and the id is then forgotten, so that the proxy goes back to passing the server's
 * bytes unread). The transport is the proxy's ({@link SessionLink}); timers do not keep the
 * process alive.
 *
 * @module
 */
import { answerIdAtHead, encoder, isObject, type Json } from './json-lines.ts';
import type { SessionLink } from './stdio-proxy.ts';

/** A request of the proxy's own that did not get a result. */
export class OwnRequestError extends Error {
  /** The JSON-RPC error the server answered with, or undefined for a timeout or an ended session. */
  readonly rpcError: Json | undefined;
  /** The method of a request that got no answer in time, else undefined. */
  readonly timedOut: string | undefined;

  constructor(message: string, rpcError?: Json, timedOut?: string) {
    super(message);
    this.name = 'OwnRequestError';
    this.rpcError = rpcError;
    this.timedOut = timedOut;
  }
}

/** The proxy's own requests. */
export interface OwnRequests {
  /**
   * Send a request; it waits for the client's `notifications/initialized` first.
   *
   * @param method The method.
   * @param params Its params (none when undefined).
   * @param timeoutMs How long to wait for the answer, from now.
   * @returns The answer's `result`.
   * @throws {OwnRequestError} For an error answer, a timeout or an ended session.
   */
  request(method: string, params: Json | undefined, timeoutMs: number): Promise<Json>;
  /**
   * Requests may go out: the client sent `notifications/initialized`, or the server answered a
   * request of the session after the handshake (it serves requests then).
   */
  open(): void;
  /** The proxy's link (set once, before any request goes out). */
  attach(link: SessionLink): void;
  /**
   * Take one server message: true when it answers one of the own requests (answered in time or
   * late), which then never reaches the client.
   */
  answer(message: Json): boolean;
  /**
   * Take a line too long to be read whole by its first bytes: true when its `id` (written before
   * its result) is one of the own requests, which then fails (or, answered late, is done).
   */
  takeLong(head: Uint8Array): boolean;
  /** Whether answers to own requests may still come (the server's lines must then be read). */
  readonly waiting: boolean;
  /** Whether a request still waits for its answer within its deadline. */
  readonly busy: boolean;
  /** The session ended: every request still waiting fails. */
  end(): void;
}

/** At most this many late ids are remembered (a server that never answers). */
const MAX_LATE = 1024;

/**
 * How long (ms) the id of a request that timed out is remembered after its deadline, so that its
 * late answer is taken out of the session: while one is, every server line is read. A server that
 * honours `notifications/cancelled` never answers; one that answers later than this reaches the
 * client with an id it never sent, which it cannot match to a request.
 */
export const LATE_ANSWER_MS = 60_000;

/** How own requests are made. */
export interface OwnRequestsOptions {
  /** How long a late id is remembered after its deadline (default {@link LATE_ANSWER_MS}). */
  lateMs?: number;
}

/**
 * Create the own requests of a proxy.
 *
 * @param prefix The id prefix (heal's: `mcpfusion-heal-`, a random part of the session's, `-`).
 * @param settings How long late ids are remembered.
 * @returns The requests.
 * @example const own = createOwnRequests('mcpfusion-heal-'); watch.attach(link) // then own.request('tools/list', undefined, 5000)
 */
export function createOwnRequests(prefix: string, settings: OwnRequestsOptions = {}): OwnRequests {
  const lateMs = settings.lateMs ?? LATE_ANSWER_MS;
  let link: SessionLink | undefined;
  let initialized = false;
  let ended = false;
  let next = 1;
  const queued: Uint8Array[] = [];
  const pending = new Map<string, { resolve: (v: Json) => void; reject: (e: OwnRequestError) => void; timer: ReturnType<typeof setTimeout> }>();
  /** Ids that timed out → the timer that forgets them. */
  const late = new Map<string, ReturnType<typeof setTimeout>>();
  const forgetLate = (id: string): boolean => {
    const timer = late.get(id);
    if (timer === undefined) return false;
    clearTimeout(timer);
    late.delete(id);
    return true;
  };
  const rememberLate = (id: string): void => {
    const timer = setTimeout(() => late.delete(id), lateMs);
    timer.unref?.();
    late.set(id, timer);
    if (late.size > MAX_LATE) forgetLate(late.keys().next().value!);
  };

  const line = (message: Json): Uint8Array => encoder.encode(`${JSON.stringify(message)}\n`);
  const send = (bytes: Uint8Array): void => {
    if (initialized && link !== undefined) link.toServer(bytes);
    else queued.push(bytes);
  };
  const flush = (): void => {
    if (!initialized || link === undefined) return;
    for (const bytes of queued.splice(0)) link.toServer(bytes);
  };

  return {
    request(method, params, timeoutMs) {
      if (ended) return Promise.reject(new OwnRequestError('the session ended'));
      const id = `${prefix}${next++}`;
      const sent = line({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) });
      return new Promise<Json>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          // Only a request that went out is cancelled (and may be answered late); one still
          // queued is simply not sent.
          const at = queued.findIndex((q) => q === sent);
          if (at >= 0) queued.splice(at, 1);
          else {
            rememberLate(id);
            send(line({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'timed out' } }));
          }
          reject(new OwnRequestError(`no answer to ${method} within ${timeoutMs} ms`, undefined, method));
        }, timeoutMs);
        timer.unref?.();
        pending.set(id, { resolve, reject, timer });
        send(sent);
      });
    },
    open() {
      initialized = true;
      flush();
    },
    attach(l) {
      link = l;
      flush();
    },
    answer(message) {
      if (!isObject(message) || 'method' in message || typeof message['id'] !== 'string' || !message['id'].startsWith(prefix)) return false;
      const id = message['id'];
      if (forgetLate(id)) return true;
      const p = pending.get(id);
      if (p === undefined) return false;
      pending.delete(id);
      clearTimeout(p.timer);
      if ('result' in message) p.resolve(message['result']!);
      else p.reject(new OwnRequestError(`the server answered with an error${isObject(message['error']) && typeof message['error']['message'] === 'string' ? ` (${message['error']['message']})` : ''}`, message['error']));
      return true;
    },
    takeLong(head) {
      const id = answerIdAtHead(head);
      if (typeof id !== 'string' || !id.startsWith(prefix)) return false;
      if (forgetLate(id)) return true;
      const p = pending.get(id);
      if (p === undefined) return false;
      pending.delete(id);
      clearTimeout(p.timer);
      p.reject(new OwnRequestError(`the server's answer is longer than ${Math.floor(head.length / (1024 * 1024))} MiB, too long to read`));
      return true;
    },
    get waiting() {
      return pending.size > 0 || late.size > 0;
    },
    get busy() {
      return pending.size > 0;
    },
    end() {
      ended = true;
      for (const id of [...late.keys()]) forgetLate(id);
      for (const [id, p] of pending) {
        clearTimeout(p.timer);
        pending.delete(id);
        p.reject(new OwnRequestError('the session ended'));
      }
    },
  };
}
