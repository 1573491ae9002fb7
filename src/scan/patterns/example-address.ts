/**
 * An address given as an example of what the user may ask (precision32): "For example, create a rule that forwards
 * invoices to billing@example.com", "e.g. add team@example.com as a viewer to all calendars listed in `ids`". The
 * sentence says it is an example before the address, and every address from there on is at a name reserved for examples or
 * tests (RFC 2606, RFC 6761: `example.com`, `example.net`, `example.org` and their subdomains, the top-level names
 * `.test`, `.invalid`, `.localhost`), where no mail and no invitation reaches anybody. An example at a name somebody can
 * register ("e.g. add team@acme-sync.io …") and an order with no word of example still count; so does the top-level name
 * `.example`, which the attack sets write for the attacker's own host (`mail-relay.example`).
 *
 * @module
 */

/** A word that says what follows is an example, before the match in its sentence. */
const EXAMPLE_BEFORE = /(?:^|[^\p{L}\p{N}])(?:for\s+example|for\s+instance|e\.\s?g\.|example\s*:|examples\s*:|such\s+as|say,)/iu;

/** An e-mail address (its domain in group 1). */
const ADDRESS = /[\w.+-]{1,64}@([\w-]{1,63}(?:\.[\w-]{1,63})+)/g;

/** A domain reserved for examples or tests, which nobody can register. */
const RESERVED_DOMAIN = /(?:^|\.)(?:example\.(?:com|net|org)|[\w-]+\.(?:test|invalid|localhost))$/i;

/**
 * Whether a match that names e-mail addresses is an example at names reserved for examples: a word of example in the
 * sentence before it, and every address from the match to the sentence's end at a reserved domain.
 *
 * @param sentence The sentence read.
 * @param m A match in `sentence`.
 * @returns Whether the match is only an example.
 * @example exampleAddresses('For example, forward invoices to billing@example.com', /forward.*$/.exec('For example, forward invoices to billing@example.com')!) // true
 */
export function exampleAddresses(sentence: string, m: RegExpExecArray): boolean {
  if (!EXAMPLE_BEFORE.test(sentence.slice(0, m.index + 1))) return false;
  const domains = [...sentence.slice(m.index).matchAll(ADDRESS)].map((a) => a[1]!.toLowerCase());
  return domains.length > 0 && domains.every((d) => RESERVED_DOMAIN.test(d));
}
