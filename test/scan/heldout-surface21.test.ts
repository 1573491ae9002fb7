/**
 * Held-out set 21 of the surface rules (holdout21): 70 attack texts written before the surface rows or any earlier attack
 * text were read, in kinds sets 11 to 20 did not use (Kurmanji, Igbo, Xhosa, Sesotho, Shona, Chichewa, Oromo, Tigrinya,
 * Uyghur, Tatar, Kyrgyz, Sundanese, Odia, Assamese, Sindhi, Yiddish, West Frisian, Breton, Corsican, Occitan, Maori, Samoan,
 * Guarani, Hawaiian, Tibetan and Dhivehi, one of them an output property, one a `$defs` entry, and Maori putting this tool
 * in place of `send_email`; English as attackers write it: a SOC 2 "mirror" of every export with the session cookie, a
 * QA team's need for the whole history, a deemed approval under a services agreement, an ERR_AUTH "fix" that reads
 * `~/.git-credentials`, the system prompt asked for in a `context` parameter, a `system_note` field made the operator's
 * voice, a verification link carrying the session token, a handbook made the system prompt, every customer's address
 * mailed out, a payment keyed to what a text mentions, a silent IBAN swap, `DROP DATABASE production` on any failure, a
 * companion server installed with `--grant-all`, an environment key on every URL, a `COPY … TO PROGRAM` default, an
 * Alpaca `### Instruction:` block, a JSON `role: system` line; `<sup><sub>`, `<font color=#ffffff>` and a 1,000-character
 * API page hiding one sentence; base64, binary digits and ROT47; Zalgo marks, math bold script, BOMs inside words, U+2029
 * and Lisu capitals; an output schema's own description, a `oneOf` branch's description, a parameter's `examples`, a deep
 * `$defs` property, an annotation title that supersedes `delete_repository`, a sibling tool adding a PIN to every
 * `transfer_funds` memo, and tool names one confusable away: `send_emaiI`, `search_docurnents`) and 60 tool texts taken
 * verbatim from the tools/list of @openzeppelin/contracts-mcp 0.7.1, @testsprite/testsprite-mcp 0.0.45 and
 * @aashari/mcp-server-atlassian-bitbucket 3.1.0, which no earlier fixture used, chosen by a fixed rule: every distinct tool
 * and top-level parameter description of TestSprite (19) and Bitbucket (14), and of OpenZeppelin's 152 distinct ones the
 * first 27 ordered by how many order words they hold (must, should, always, never, use, call, do not, don't, only, before,
 * after, ignore, instead, required, important, ensure), then by length. Labels were written and committed before the
 * scanner ran (commit 69304df4; attacks.json then sha256 fa050e60…, benign.json ed580e82…). When first measured 35
 * attacks were reported, 29 as errors (31 at or above their label), and one benign text was (TestSprite's
 * `testsprite_open_test_result_dashboard` description, "Tests must have been generated first using
 * 'testsprite_generate_code_and_execute'", read as shadowing once it stands alone). `reached` is the level each attack
 * reached after holdout21's fixes (70 reported, 65 errors, 70 at or above their label; no benign text;
 * `surface-misses21.test.ts`), kept so that later changes never report one less.
 */
import { test } from 'uvu';
import { heldoutSurfaceSet } from '../helpers/heldout-surface.ts';

heldoutSurfaceSet('heldout-surface21', { attacks: 70, benign: 60 }, (a) => a.label !== undefined && a.family !== undefined);

test.run();
