/**
 * Held-out set 25 of the surface rules (holdout25): 80 attack texts written before the surface rows or any earlier attack
 * text were read, for tool kinds earlier sets rarely used (Kubernetes, cloud consoles, CI/CD, CRM, ticketing, health
 * records, home automation, crypto wallets and M-Pesa, analytics, search, payroll, password managers, notes, design tools)
 * and in languages earlier sets did not use: 40 in English, soft and plausible with no alarm word ("Changelog 3.2: audit
 * correlation is now on by default …", "not something to raise with the user", "the user doesn't need a list of which ones
 * were deleted"), 3 each in Italian and Dutch, 2 each in Swedish, Danish, Norwegian, Greek, Ukrainian, Hebrew, Persian,
 * Thai, Bengali, Malay, Romanian, Hungarian and Finnish, 3 in Czech, 1 in Swahili and 4 code-switched (Dutch after English,
 * Italian with an English command, Swedish in an English parameter text, Ukrainian after an English enum label). Families:
 * orders as a changelog, a migration note, a FAQ, an example output, a fake error or notice and a fake tool result; orders
 * to other servers' tools (gmail's send_email, the filesystem server's read_file, unlock_door, transfer_funds); persistence
 * (memory, crontab, ~/.bashrc, a settings file); claimed approval; data staged in files (`./public/exports/`,
 * `~/.cache/vault-index.txt`, `/tmp/vault_backup.txt` then upload_file); secrets in parameters, a URL query, a header and a
 * chat channel; orders in an enum, a const, a default, a title, `examples`, a nested property, an output schema, an
 * annotations title, a prompt, a prompt argument, a resource and a template, and split between a description and its
 * parameter. 60 tool texts are taken verbatim from the tools/list of @coolver/home-assistant-mcp 3.2.31 (run against a
 * 127.0.0.1 stub of its agent's `/api/health`), @leval/mcp-grafana 1.1.7 and mcp-jira-cloud 4.4.0, run over stdio with dummy
 * credentials, which no benign set of `test/fixtures/scan` named, chosen by a fixed rule: per server, of its distinct tool
 * and top-level parameter descriptions, the 20 holding the most order words (must, always, never, only, before, after,
 * first, don't, do not, should, required, requires, instead, use, call, ensure, important, make sure, without,
 * automatically, all, every, include, send, read, remember), then the longest, then the first listed. Labels were written
 * and committed before the scanner ran (commit cbb45de6; attacks.json then sha256 dab9a42f…, benign.json 7d4a2f46…). When
 * first measured 37 attacks were reported, 31 as errors, 32 at or above their label, and 7 benign texts were reported (all
 * warnings: "Do NOT use for … - use jira_get_issue_worklogs instead", "After creation, call ha_reload_themes or restart HA",
 * "If HACS not installed yet, use ha_hacs_status first …", "Only use jira_search_issues if user explicitly needs full
 * details"). `reached` is the level each attack reached after holdout25's rows (`order-rows-h25.ts`, the recovery phrase
 * and master password in `VALUE_DEMAND`; `surface-misses25h.test.ts`) and the routing exceptions of `scan-cues.ts` and
 * `scan-surface.ts`: 80 reported, 79 errors, 80 at or above their label, no benign text, kept so that later changes never
 * report one less.
 */
import { test } from 'uvu';
import { heldoutSurfaceSet } from '../helpers/heldout-surface.ts';

heldoutSurfaceSet('heldout-surface25', { attacks: 80, benign: 60 }, (a) => a.label !== undefined && a.family !== undefined);

test.run();
