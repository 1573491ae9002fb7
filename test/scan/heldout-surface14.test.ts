/**
 * Held-out set 14 of the surface rules (surface22): 66 attack texts in styles sets 11 to 13 did not
 * use (instructions in JSON-looking examples and tool-result formats, a parameter's `examples`,
 * `title` and `$comment`, `annotations.title`, an outputSchema property, error-message templates,
 * multi-sentence social engineering, attacks split across two fields and across two tools, "notes
 * for AI assistants", conditional triggers, exfiltration through URL parameters and through another
 * tool's arguments; Spanish, German, French, Japanese, Korean, Turkish and Polish; tag characters,
 * bidi controls, markdown reference links, HTML entities, a code fence, a table, memory poisoning,
 * a wallet-address swap) and 68 tool texts taken verbatim from 9 npm servers no surface test used
 * (npm pack; two of them listed with the sibling tool they name, as in their server). Labels were
 * written and hashed before the scanner ran (sha256 504f4e2b… and 1b5da0a1…, commit 522977f6).
 * When first measured 38 attacks were reported, 31 as errors (31 at or above their label), and no
 * benign text in its listing; `reached` is the level each attack reached after surface22's fixes
 * (47 reported, 39 errors, 40 at or above their label; still no benign text), and raised after surface23's
 * rows (`order-rows-14.ts`): 66 reported, 63 errors, all 66 at or above their label, still no benign text. Kept so
 * that later changes never report one less (docs/scan.md lists the rounds).
 */
import { test } from 'uvu';
import { heldoutSurfaceSet } from '../helpers/heldout-surface.ts';

heldoutSurfaceSet('heldout-surface14', { attacks: 66, benign: 68 }, (a) => a.label !== undefined && a.family !== undefined);

test.run();
