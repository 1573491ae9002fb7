/**
 * A fresh set of soft English attacks (soft23), written to check that the rows fixing held-out set 23's soft misses
 * generalise: 30 attack texts of the same families worded anew for other kinds of tools (a key asked for as
 * documentation under `extra.billing`, table rows, a box-drawing frame, camelCase and snake_case names, privacy-washed
 * personal data under CCPA and telemetry, memory persistence, approvals claimed by a portfolio manager or the CFO, a
 * disaster-recovery mirror remote, a downloaded hooks bundle, the browser's password pages, money routed to a gift-card
 * account or an IBAN, titles, prompts that print or restate their instructions, output properties ordering
 * `drop_database` and `transfer_funds`, XML-tagged orders, env staged for another tool, a `.env` in a PR body, a quiet
 * bucket swap), 26 labelled error and 4 warning, and 10 benign near misses written with them. Labels were committed
 * before the scanner ran on the texts (commit "test/fixtures/scan/surface-soft23: a fresh set …"). First measured, with
 * soft23's first rows: 13 attacks reported, 11 as errors, 11 at or above their label, no benign text; 17 below their
 * label. `reached` is the level each attack reached then, raised by later fixes, so that no change reports one less.
 * After soft23 widened the rows by those families (two rows added, two parameter-name orders; a third wording of each
 * in `surface-misses23s.test.ts`): 30 reported, 28 errors, all 30 at or above their label, no benign text. The set is
 * development data from then on.
 */
import { test } from 'uvu';
import { heldoutSurfaceSet } from '../helpers/heldout-surface.ts';

heldoutSurfaceSet('surface-soft23', { attacks: 30, benign: 10 }, (a) => a.label !== undefined && a.family !== undefined);

test.run();
