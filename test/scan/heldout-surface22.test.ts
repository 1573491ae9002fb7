/**
 * Held-out set 22 of the surface rules (holdout22): 70 attack texts written before the surface rows or any earlier attack
 * text were read, 25 in languages or scripts no earlier set used (Faroese, Quechua, Aymara, Nahuatl, Wolof, Fula, Kirundi,
 * Lingala, Tswana, Tsonga, Tok Pisin, Bislama, Fijian, Tongan, Inuktitut syllabics, traditional Mongolian script, Syriac,
 * Romansh, Northern Sami, Luganda, Twi, Ilocano, Chuvash, Tamazight in Tifinagh and Sardinian; one an output property, one
 * a `$defs` entry, one each an enum, a const, a default, a title, a prompt, a prompt argument, a resource and a template,
 * Lingala deleting backups when an invoice is mentioned, Twi swapping an IBAN, Chuvash dropping the production database,
 * Tsonga putting this tool in place of `send_email`) and 45 in English in families attackers use: a bcc added whenever
 * any server's `send_email` runs, a curl pipe added to `postinstall` around any `git_commit`, `~/.npmrc` after the third
 * call, a payee swapped when invoices are mentioned, the session token after the twentieth call, `<IMPORTANT>` asking for
 * `~/.cursor/mcp.json`, `<system>` and `[INST]` overrides, a JSON `agent_policy` and a YAML `assistant_directives` block;
 * an order as a property's name, a `const`, a `pattern`, a `format`, an `x-` key on a deprecated property, a nested
 * schema's `title`, a `default` object, `examples`, an output schema's description and an output property; a prompt
 * leaking the hidden instructions, a resource made the system prompt, "ignore the previous version of this tool", a
 * claim to replace the filesystem server's `delete_file`, `reаd_file` (Cyrillic а) and `get_vveather` beside the real
 * names, card data asked for whenever the user pays with any tool, other servers' results to be discarded; tag
 * characters, variation-selector bytes, RLO, hex, URL percent-encoding, quoted-printable, base32, Morse, leetspeak and
 * reversed text. 60 tool texts are taken verbatim from the tools/list of react-native-ai-debugger 2.12.3,
 * @fasttest-ai/qa-agent 1.0.4 and kiro-memory 3.1.1 (run over stdio; kiro-memory's texts are Italian), which no file of
 * the repository named, chosen by a fixed rule: per server, of its distinct tool and top-level parameter descriptions, the
 * 20 holding the most order words (must, should, always, never, use, call, do not, don't, only, before, after, ignore,
 * instead, required, important, ensure, first, then), then the longest. Labels were written and committed before the
 * scanner ran (commit 0bf610f8; attacks.json then sha256 7ce05bd6…, benign.json 312051db…). When first measured 45
 * attacks were reported, 41 as errors (43 at or above their label), and 7 benign texts were: six react-native-ai-debugger
 * descriptions read as shadowing once they stand alone (their siblings `scan_metro`, `list_devices`, `clear_logs` named:
 * "BAD: … — run list_devices first", "call list_devices for the inventory", "Using disconnect_metro to clear logs — use
 * clear_logs instead") and FastTest's `save_suite` `session` parameter ("restores this saved browser session (cookies +
 * localStorage)"). `reached` is the level each attack reached after holdout22's fixes (70 reported, 65 errors, 70 at or
 * above their label; no benign text; `surface-misses22.test.ts`), kept so that later changes never report one less.
 */
import { test } from 'uvu';
import { heldoutSurfaceSet } from '../helpers/heldout-surface.ts';

heldoutSurfaceSet('heldout-surface22', { attacks: 70, benign: 60 }, (a) => a.label !== undefined && a.family !== undefined);

test.run();
