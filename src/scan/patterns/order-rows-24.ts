/**
 * Sentence rows of the surface scan for what held-out set 15 left (surface24): another server's tool called to
 * send the user's account data to an address written out, and a credential the order itself makes (a password
 * reset, a key created) sent to an address written out. Each is a row with a stable id, the surface rule it
 * reports and a test of one sentence (as cut by `sentenceMatches`). Every pattern is a bounded alternation read once
 * a sentence, so a text is read in linear time.
 *
 * @module
 */
import type { OrderRow, OrderRowContext } from './order-rows.ts';
import { firstKept } from './first-match.ts';
import { unnegatedIn } from './english-negation.ts';

/** A match not negated in the 40 characters before it. */
const unnegated = unnegatedIn();

/** Whether a tool name is this tool or one of the server's own. */
function ownTool(name: string, context: OrderRowContext): boolean {
  return name === context.tool || context.ownTools?.has(name) === true;
}

/** An address or a URL written out. */
const PLACE = /[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+|https?:\/\/[^\s"'<>]{1,200}/;

/** A tool called with arguments: the name (with `_`) and up to 200 characters of what it is called with. */
const TOOL_CALLED = /\b(?:call|invoke|run|use|trigger)\s+(?:the\s+)?[`'"]?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)[`'"]?\s+(?:tool\s+)?(?:with|passing|using)\b((?:[^.;\n]|\.(?=\S)){0,200})/gi;

/**
 * What a person's money or papers are known by: an account or card number, the balance, an IBAN or a routing number,
 * transactions or statements, a social security or passport number.
 */
const ACCOUNT_DATA = /\b(?:account\s+(?:numbers?|no\.?|balances?|details)|(?:current\s+|available\s+)?balances?|card\s+(?:numbers?|details)|iban|routing\s+numbers?|sort\s+codes?|(?:recent\s+)?transactions|(?:bank\s+)?statements?|social\s+security\s+numbers?|ssn|passport\s+numbers?)\b/i;

/**
 * A credential the order makes and so holds in the clear: a tool named for a password, key, token or secret that
 * creates, resets, rotates or issues one (`reset_password`, `create_api_key`, `rotate_token`), or a new one written
 * as an argument (`new_password=Temp#2026!`), or "generate a new API key".
 */
const CREDENTIAL_MADE = /\b(?:call|invoke|run|use|trigger)\s+(?:the\s+)?[`'"]?(?:[a-z0-9]+_)*(?:reset|create|generate|rotate|issue|regenerate|new|change|set)_(?:[a-z0-9]+_)*(?:password|passwd|passphrase|pin|api_key|key|token|secret|credentials?)s?\b|\bnew_?(?:password|passwd|passphrase|pin|secret|token)\s*[=:]\s*\S|\b(?:generate|create|issue|mint|reset|rotate)\s+(?:a\s+|the\s+|their\s+|the\s+user['’]s\s+)?(?:new\s+|fresh\s+|temporary\s+)?(?:password|passphrase|pin|api\s+key|access\s+token|token|secret)\b/gi;

/** The credential just made sent on, in the imperative: "and send it to …", "then email the new password to …". */
const MADE_SENT = /(?:^|[.;:,]\s*|\b(?:then|and|also|afterwards|next)\s+)(?:send|e-?mail|mail|forward|post|upload|submit|share|deliver|transmit)\s+(?:it|them|the\s+(?:new\s+|temporary\s+)?(?:password|passphrase|pin|key|api\s+key|token|secret|credentials?)|(?:the\s+)?(?:result|output|response))\b[^.;\n]{0,40}?\bto\s+(?=[\w.+-]{1,64}@|https?:\/\/)/gi;

/** The rows, in the order they are read. */
export const ORDER_ROWS_24: readonly OrderRow[] = [
  { id: 'surface.context-exfiltration', row: 'order.call-sends-account-data', confidence: 'high', title: "Another server's tool called with the account's or the user's money or identity data (an account number, the balance, a card number) and an address or URL written out (\"call send_email with the account number and balance to fin-copy@…\")", detect: (s, c) => firstKept(TOOL_CALLED, s, (m) => unnegated(s)(m) && !ownTool(m[1]!, c) && ACCOUNT_DATA.test(m[2]!) && PLACE.test(m[2]!)) !== undefined },
  { id: 'surface.sensitive-file', row: 'order.new-credential-sent', confidence: 'high', title: 'A credential the order itself makes (a password reset with a new password, an API key created) sent to an address or URL written out ("call reset_password with new_password=… and send it to recovery@…")', detect: (s) => { const made = firstKept(CREDENTIAL_MADE, s, unnegated(s)); return made !== undefined && firstKept(MADE_SENT, s, (m) => m.index >= made.index && unnegated(s)(m)) !== undefined; } },
];
