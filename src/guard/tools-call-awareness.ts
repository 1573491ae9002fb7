/**
 * The watch of `heal` (SPEC 10, self-healing in front of any stdio server): it follows the
 * client's `tools/call` requests (id → tool and arguments) and `tools/list` requests, and when the
 * server answers such a call with a validation failure it appends the `<contract_awareness>` block
 * the caller builds for that call. A failure is a JSON-RPC error with a code in
 * {@link AWARENESS_ERROR_CODES} (the block is appended to its `message`, the text clients show)
 * or a result with `isError: true` (one more `text` content item). Every other line passes byte
 * for byte; a line with a block is written again as JSON (with its line ending), and only when it
 * is valid UTF-8 and strict JSON without an integer past 2^53 or a float JavaScript writes as an
 * integer (a bad byte, a duplicate key or such a number would otherwise change on the way). Each
 * `tools/list` answer's tools are handed to the caller, which keeps the server's current contracts
 * from them. Pure: lines in, lines out.
 *
 * @module
 */
import { answerIdAtHead, encoder, idKey, isBlankLine, isObject, lineEnding, parseStrictLine, tryParseLine, type Json } from './json-lines.ts';
import type { OwnRequests } from './own-requests.ts';
import { createPendingIds } from './pending-ids.ts';
import type { SessionLink, SessionWatch } from './stdio-proxy.ts';

/**
 * The JSON-RPC error codes of a failed `tools/call` that get the block: -32602 Invalid params, the
 * code MCP gives to unknown tools and invalid arguments (other codes are transport, method or
 * server failures, which a changed contract does not explain).
 */
export const AWARENESS_ERROR_CODES: readonly number[] = [-32602];

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of valid UTF-8 bytes, or undefined for bytes that are not. */
function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch (cause) {
    if (cause instanceof TypeError) return undefined;
    throw cause;
  }
}

/** At most this many unanswered calls (and lists) are followed; the oldest are forgotten. */
const MAX_PENDING = 4096;

/**
 * Server lines longer than this are passed on unread, as they come: a failed call's answer is
 * short, and holding (and parsing) a line of any length would hold the client's data back and
 * grow without bound (a line past 512 MiB cannot even be decoded).
 */
export const MAX_READ_SERVER_LINE = 16 * 1024 * 1024;

/** What the watch asks of its owner. */
export interface AwarenessWatchOptions {
  /**
   * The block for a failed call.
   *
   * @param tool The tool name the client called.
   * @param args The call's `arguments` as sent (any JSON, or undefined).
   * @param kind How the call failed: a JSON-RPC error with a code in {@link AWARENESS_ERROR_CODES}
   *   (the server says the arguments or the tool name are wrong), or a result with `isError: true`
   *   (any failure of the tool: the caller decides whether the change explains it).
   * @returns The `<contract_awareness>` block, or '' when no BREAKING or RISKY change concerns the
   *   call; or a promise of it, when the block needs what the session has not shown yet: the
   *   answer is then held back (only it; every other line goes on) until the promise settles,
   *   and sent with the block, or as it came when the block is '' or the promise fails.
   */
  blockFor(tool: string, args: Json | undefined, kind: FailureKind): string | Promise<string>;
  /**
   * The proxy's own requests: their answers are taken out of the session, and they go out once
   * the client has sent `notifications/initialized`.
   */
  own?: OwnRequests;
  /** Called with the `result` of the server's answer to the client's `initialize` request. */
  onInitializeResult?(result: Json): void;
  /**
   * Called when the client closed its input, with whether calls still wait for their answers (or
   * failed answers are held): the milliseconds the server's input may stay open for them (until
   * they are answered and sent, and `own` requests are answered), or undefined to close it now.
   */
  onClientEnd?(callsWaiting: boolean): number | undefined;
  /**
   * Called with the tools of each `tools/list` answer of the session.
   *
   * @param tools The answer's `tools` array.
   * @param complete True for the whole list: an answer to a request without cursor and without
   *   `nextCursor`, or the last page of a list followed page by page from its first (all its pages).
   */
  onToolsListed?(tools: Json[], complete: boolean): void;
  /**
   * Called when the server sends `notifications/tools/list_changed` (its tools changed since it
   * last listed them); also for those bytes seen in output passed on unread, where a string
   * holding them counts too (the caller then only reads the tools again).
   */
  onToolsChanged?(): void;
  /** Called for each block added: the tool, and where it went. */
  onInjected?(tool: string, where: 'error message' | 'isError result'): void;
  /** Called when a block could not be added because the answer's line is not strict JSON. */
  onSkipped?(tool: string, why: string): void;
  /** Called when a server line longer than {@link MAX_READ_SERVER_LINE} was passed on unread. */
  onLongLine?(): void;
}

interface Call {
  tool: string;
  args: Json | undefined;
}

/**
 * The key of a JSON-RPC id in one line, or null for an id that is neither a string nor a number
 * (JSON-RPC allows no other; such a request is not followed, such an answer matches nothing, and
 * an id nested deeper than the stack could not even be written as a key).
 */
function requestKey(id: Json | undefined): string | null {
  return typeof id === 'string' || typeof id === 'number' ? idKey(id) : null;
}

/** Where a failed call's answer takes the block: its error's message, or its result's content. */
export type FailureKind = 'error message' | 'isError result';

/** What kind of failure the block is for an answer is, or null for any other answer. */
function failureKind(msg: { [key: string]: Json }): FailureKind | null {
  const error = msg['error'];
  if (isObject(error)) return typeof error['code'] === 'number' && AWARENESS_ERROR_CODES.includes(error['code']) ? 'error message' : null;
  const result = msg['result'];
  return isObject(result) && result['isError'] === true && Array.isArray(result['content']) ? 'isError result' : null;
}

/** Append the block to a failed answer, in place: to the error's message, or as one more text item. */
function appendBlock(msg: { [key: string]: Json }, block: string): 'error message' | 'isError result' | null {
  const kind = failureKind(msg);
  if (kind === 'error message') {
    const error = msg['error'] as { [key: string]: Json };
    const message = typeof error['message'] === 'string' ? error['message'] : '';
    error['message'] = message === '' ? block : `${message}\n${block}`;
  } else if (kind === 'isError result') {
    ((msg['result'] as { [key: string]: Json })['content'] as Json[]).push({ type: 'text', text: block });
  }
  return kind;
}

/** The number tokens of JSON text, as written (those inside strings skipped). */
function* numberTokens(text: string): Generator<string> {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '-' || (c >= '0' && c <= '9')) {
      let j = i + 1;
      while (j < text.length && /[-+0-9.eE]/.test(text[j]!)) j++;
      yield text.slice(i, j);
      i = j - 1;
    }
  }
}

/**
 * Whether JSON text holds an integer that a double cannot keep exactly (past 2^53): a reader with
 * exact integers (Python's) would see another value once the line is written again.
 *
 * @param text JSON text.
 * @returns True when such an integer appears outside a string.
 * @example hasInexactInteger('{"id":9007199254740993}') // true
 */
export function hasInexactInteger(text: string): boolean {
  for (const token of numberTokens(text)) if (/^-?\d+$/.test(token) && !Number.isSafeInteger(Number(token))) return true;
  return false;
}

/**
 * The first number written with a fraction or an exponent that JavaScript writes again as an
 * integer (`1.0` → `1`, `-0.0` → `0`): a reader that tells integers from floats (Python's) would
 * see another type once the line is written again.
 *
 * @param text JSON text.
 * @returns `[as written, as it would be written]`, or null.
 * @example floatWrittenAsInteger('{"ratio":1.0}') // ['1.0', '1']
 */
export function floatWrittenAsInteger(text: string): [string, string] | null {
  for (const token of numberTokens(text)) {
    if (!/[.eE]/.test(token)) continue;
    const again = JSON.stringify(Number(token));
    if (!/[.eE]/.test(again)) return [token, again];
  }
  return null;
}

/**
 * A server line read to be written again: its value, or why writing it again could change what
 * the client reads. Only a line every reader takes the same way (see the module note) is written
 * again, and only valid UTF-8: decoding would replace bad bytes, and the server's text would
 * reach the client altered.
 */
function rewritable(line: Uint8Array): { value: Json } | { why: string } {
  const text = utf8Text(line);
  if (text === undefined) return { why: 'the server\'s answer is not valid UTF-8, which writing the line again would not keep' };
  const strict = parseStrictLine(line);
  if ('why' in strict) return { why: `the server's answer is not strict JSON (${strict.why})` };
  if (hasInexactInteger(text)) return { why: 'the server\'s answer holds an integer past 2^53, which writing the line again would not keep exactly' };
  const retyped = floatWrittenAsInteger(text);
  if (retyped !== null) return { why: `the server's answer holds the number ${retyped[0]}, which writing the line again would turn into the integer ${retyped[1]}` };
  return strict;
}

/**
 * Append the blocks to the answers of a line, and write it again; or the line as it came, with a
 * note, when writing it again could change what the client reads (see the module note).
 */
function rewrite(line: Uint8Array, found: Map<string, [Call, string]>, options: AwarenessWatchOptions): Uint8Array {
  const blocks = new Map([...found].filter(([, [, block]]) => block !== ''));
  if (blocks.size === 0) return line;
  const read = rewritable(line);
  if ('why' in read) {
    for (const [call] of blocks.values()) options.onSkipped?.(call.tool, read.why);
    return line;
  }
  const value = read.value;
  for (const m of Array.isArray(value) ? value : [value]) {
    if (!isObject(m)) continue;
    const key = requestKey(m['id']);
    const hit = key === null ? undefined : blocks.get(key);
    if (hit === undefined) continue;
    blocks.delete(key!);
    const where = appendBlock(m, hit[1]);
    if (where !== null) options.onInjected?.(hit[0].tool, where);
  }
  return encoder.encode(JSON.stringify(value) + lineEnding(line));
}

/** A server line held back until the blocks of its failed answers are known. */
interface Held {
  line: Uint8Array;
  sent: boolean;
}

/** The method of the notification a server sends when its tools changed, as JSON writes it. */
const LIST_CHANGED = Buffer.from('"notifications/tools/list_changed"');

/** Nothing to send (a line taken out of the session, or held back). */
const NOTHING = new Uint8Array(0);

/**
 * Create the watch.
 *
 * @param options The block builder and the listeners.
 * @returns A {@link SessionWatch} for `runStdioProxy`.
 * @example runStdioProxy({ …, watch: createAwarenessWatch({ blockFor: (tool, args) => '' }) })
 */
export function createAwarenessWatch(options: AwarenessWatchOptions): SessionWatch {
  const calls = createPendingIds<Call>(MAX_PENDING);
  /**
   * Calls answered so far only under another id a client reads as the same number (`"7"` for 7),
   * by their exact key. The TypeScript and Python SDKs' clients take that answer; a client that
   * pairs ids exactly (Go's, Rust's SDK) ignores it and takes a later answer under 7, which gets
   * the block too. They are not waited for (the loose answer ended the call for some client), so
   * a server that never answers exactly does not hold the server's input open at the client's end.
   */
  const late = new Map<string, Call>();
  /**
   * The call an answer answers for some client: a waiting call (exactly, else the oldest a client
   * pairs loosely, which then waits on in {@link late} for its exact answer), else a call answered
   * loosely before, by this exact id.
   */
  const takeCall = (id: Json | undefined): Call | undefined => {
    const found = calls.find(id);
    if (found !== undefined) {
      calls.remove(found.key);
      if (!found.exact) {
        late.delete(found.key);
        late.set(found.key, found.value);
        if (late.size > MAX_PENDING) late.delete(late.keys().next().value!);
      }
      return found.value;
    }
    const key = requestKey(id);
    const answered = key === null ? undefined : late.get(key);
    if (answered !== undefined) late.delete(key!);
    return answered;
  };
  /** Forget a call by the id a client gave it (cancelled, or its answer passed on unread). */
  const dropCall = (id: Json | undefined): void => {
    calls.take(id);
    const key = requestKey(id);
    if (key !== null) late.delete(key);
  };
  /** Pending `tools/list` ids → the request's cursor (null for the first page). */
  const lists = createPendingIds<Json>(MAX_PENDING);
  /** The pages of the list being followed from its first page, and the cursor of the next one. */
  let paging: { tools: Json[]; next: string } | null = null;

  /** Hand over one page; the last page of a list followed from its first is handed over whole. */
  const listed = (tools: Json[], cursor: Json, next: Json | undefined): void => {
    const last = next === undefined || next === null || next === '';
    const chain = cursor === null ? [] : paging !== null && paging.next === cursor ? paging.tools : null;
    if (chain === null) {
      options.onToolsListed?.(tools, false);
      return;
    }
    paging = last || typeof next !== 'string' ? null : { tools: [...chain, ...tools], next };
    if (last) options.onToolsListed?.([...chain, ...tools], true);
    else options.onToolsListed?.(tools, false);
  };

  /** Read one answer: hand over listed tools; return the block for a failed call, or ''. */
  const judge = (msg: Json): [string, Call, string | Promise<string>] | null => {
    if (!isObject(msg) || 'method' in msg || !('id' in msg) || !('result' in msg || 'error' in msg)) return null;
    // The key of the answer's own id: the line is written again by it (see `rewrite`).
    const key = requestKey(msg['id']);
    if (key === null) return null;
    // Paired with the request as a client pairs it (pending-ids.ts): exactly, else as the same number.
    if (initializes.take(msg['id']) !== undefined) {
      if ('result' in msg) options.onInitializeResult?.(msg['result']!);
      return null;
    }
    const cursor = lists.take(msg['id']);
    if (cursor !== undefined) {
      const result = msg['result'];
      if (isObject(result) && Array.isArray(result['tools'])) listed(result['tools'], cursor, result['nextCursor']);
      return null;
    }
    const call = takeCall(msg['id']);
    if (call === undefined) return null;
    const kind = failureKind(msg);
    if (kind === null) return null;
    const block = options.blockFor(call.tool, call.args, kind);
    return block === '' ? null : [key, call, block];
  };

  /**
   * The server said its tools changed: the client's lists asked before may answer with the tools
   * as they were, so they are no longer followed (their answers pass, handed over to no one), nor
   * is a chain of pages begun before.
   */
  const toolsChanged = (): void => {
    lists.clear();
    paging = null;
    options.onToolsChanged?.();
  };

  const own = options.own;
  /** Pending `initialize` ids (the client's). */
  const initializes = createPendingIds<true>(MAX_PENDING);
  let link: SessionLink | undefined;
  const held: Held[] = [];
  const waiting = (): boolean => calls.size > 0 || late.size > 0 || lists.size > 0 || initializes.size > 0 || (own?.waiting ?? false);
  /** The end of the bytes last passed on unread (the method may be cut between two chunks). */
  let unreadTail: Buffer = Buffer.alloc(0);
  /** Once the client closed its input: settles the wait for the server's input to close. */
  let closing: (() => void) | undefined;
  /** The server's input may close when no call waits, no answer is held and no own request is out. */
  const mayClose = (): void => {
    if (closing !== undefined && calls.size === 0 && held.length === 0 && !(own?.busy ?? false)) closing();
  };

  return {
    get waiting() {
      return waiting();
    },
    attach(l) {
      link = l;
      own?.attach(l);
    },
    clientEnded() {
      const ms = options.onClientEnd?.(calls.size > 0 || held.length > 0);
      if (ms === undefined) return undefined;
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => settled(), ms);
        timer.unref?.();
        const settled = (): void => {
          clearTimeout(timer);
          closing = undefined;
          resolve();
        };
        closing = settled;
        mayClose();
      });
    },
    end() {
      closing?.();
      own?.end();
      const rest = held.splice(0).filter((h) => !h.sent);
      for (const h of rest) h.sent = true;
      return rest.map((h) => h.line);
    },
    maxServerLine: MAX_READ_SERVER_LINE,
    serverLineTooLong() {
      options.onLongLine?.();
    },
    takeLongLine(head) {
      if (own?.takeLong(head) === true) return true;
      // An answer of the client's passes on unread: what it answers is no longer waited for (else
      // every later server line would be read for it until the oldest entries are forgotten).
      const id = answerIdAtHead(head);
      if (id !== undefined) {
        dropCall(id);
        lists.take(id);
        initializes.take(id);
      }
      return false;
    },
    clientLine(line) {
      const msg = tryParseLine(line);
      for (const m of Array.isArray(msg) ? msg : [msg]) {
        if (!isObject(m)) continue;
        const params = m['params'];
        if (m['method'] === 'notifications/initialized') own?.open();
        // A cancelled call may never be answered: it is no longer waited for.
        if (m['method'] === 'notifications/cancelled' && isObject(params) && params['requestId'] !== undefined) {
          dropCall(params['requestId']);
          lists.take(params['requestId']);
        }
        const id = m['id'];
        if (typeof id !== 'string' && typeof id !== 'number') continue;
        if (m['method'] === 'tools/call' && isObject(params) && typeof params['name'] === 'string') {
          // A new call under an id answered loosely before: an answer under that id is its.
          late.delete(idKey(id));
          calls.add(id, { tool: params['name'], args: params['arguments'] });
        } else if (m['method'] === 'initialize') {
          initializes.add(id, true);
        } else if (m['method'] === 'tools/list') {
          const cursor = isObject(params) ? params['cursor'] : undefined;
          lists.add(id, cursor === undefined ? null : cursor);
        }
      }
    },
    serverUnread(bytes) {
      // The chunk itself, and where it meets the bytes before it (without copying the chunk).
      const chunk = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const seam = Buffer.concat([unreadTail, chunk.subarray(0, LIST_CHANGED.length - 1)]);
      if (chunk.indexOf(LIST_CHANGED) >= 0 || seam.indexOf(LIST_CHANGED) >= 0) {
        unreadTail = Buffer.alloc(0);
        toolsChanged();
        return;
      }
      const keep = LIST_CHANGED.length - 1;
      unreadTail = Buffer.from(chunk.length >= keep ? chunk.subarray(chunk.length - keep) : seam.subarray(Math.max(0, seam.length - keep)));
    },
    serverLine(line) {
      unreadTail = Buffer.alloc(0);
      const out = serverLine(line);
      mayClose();
      return out;
    },
  };

  /** Read one server line (see `SessionWatch.serverLine`). */
  function serverLine(line: Uint8Array): Uint8Array {
    if (isBlankLine(line)) return line;
    const changed = Buffer.from(line.buffer, line.byteOffset, line.byteLength).indexOf(LIST_CHANGED) >= 0;
    if (!waiting() && !changed) return line;
    const loose = tryParseLine(line);
    if (loose === undefined) return line;
    if (changed) {
      for (const m of Array.isArray(loose) ? loose : [loose]) {
        if (isObject(m) && m['method'] === 'notifications/tools/list_changed' && !('id' in m)) toolsChanged();
      }
      if (!waiting()) return line;
    }
    // An answer to the proxy's own request is not the client's: taken out, also from a batch.
    let msg = loose;
    if (own !== undefined) {
      if (!Array.isArray(loose)) {
        if (own.answer(loose)) return NOTHING;
      } else {
        const rest = loose.filter((m) => !own.answer(m));
        // Only a batch that held its answers alone is taken whole (an empty array answers nothing of its own).
        if (rest.length === 0 && loose.length > 0) return NOTHING;
        // The rest of the batch is written again when that keeps what the client reads (else
        // it passes whole, heal's answer in it: an answer to an id the client never sent).
        if (rest.length < loose.length && !('why' in rewritable(line))) {
          msg = rest;
          line = encoder.encode(JSON.stringify(rest) + lineEnding(line));
        }
      }
    }
    const found = new Map<string, [Call, string | Promise<string>]>();
    for (const m of Array.isArray(msg) ? msg : [msg]) {
      const hit = judge(m);
      if (hit !== null) found.set(hit[0], [hit[1], hit[2]]);
    }
    if (found.size === 0) return line;
    if (![...found.values()].some(([, block]) => typeof block !== 'string') || link === undefined) {
      const known = new Map<string, [Call, string]>();
      for (const [key, [call, block]] of found) if (typeof block === 'string') known.set(key, [call, block]);
      return rewrite(line, known, options);
    }
    // Held back until every block is known; the other lines go on meanwhile.
    const h: Held = { line, sent: false };
    held.push(h);
    const keys = [...found.keys()];
    void Promise.all([...found.values()].map(([, block]) => Promise.resolve(block).catch(() => ''))).then((blocks) => {
      if (h.sent) return;
      h.sent = true;
      held.splice(held.indexOf(h), 1);
      const known = new Map<string, [Call, string]>(keys.map((key, i) => [key, [found.get(key)![0], blocks[i]!]]));
      link!.toClient(rewrite(line, known, options));
      mayClose();
    });
    return NOTHING;
  }
}
