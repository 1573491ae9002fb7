/**
 * Held-out set 15 of the surface rules (holdout15): 70 attack texts in styles sets 11 to 14 did not
 * use (XML instruction elements, chat-template tokens, `<system-reminder>`, BBCode, GitHub alert
 * blocks; C, SQL, Python, JSDoc and JSX comments; YAML, TOML and INI blocks, email and HTTP headers,
 * a diff hunk, RFC 2119 wording, a man page, a CSV row; base64 in an enum value, `\x` and `\u`
 * escapes written out, char codes, ZWJ inside words, homoglyphs in a parameter and a default,
 * no-break spaces, math-bold letters; orders split over property descriptions, enum values, a title
 * and a description; annotations.title, outputSchema title and property, nested and array-item
 * properties; rug-pull notices, claimed vendor and compliance authority, urgency; a service-account
 * token, `gcloud auth print-access-token`, the keychain, Chrome's Login Data; cross-tool shadowing;
 * Italian, Portuguese, Dutch, Russian, Chinese, Arabic, Hindi, Greek, Swedish, Hebrew and
 * Ukrainian) and 59 tool texts taken verbatim from the listings of 5 npm servers no surface test
 * used. Labels were written and hashed before the scanner ran (sha256 fcf50a6c… and 7eb23eff…,
 * commit 9e7f089d). When first measured 38 attacks were reported, 34 as errors (35 at or above
 * their label), and no benign text; `reached` is the level each attack reached after holdout15's
 * fixes (63 reported, 60 errors, 62 at or above their label; still no benign text), raised for seven attacks
 * by surface24 (69 reported, 67 errors, 69 at or above their label; still no benign text) and for the last by
 * surface25 (70 reported, 68 errors, all 70 at or above their label; still no benign text), kept so that later
 * changes never report one less (docs/scan.md lists what is still missed).
 */
import { test } from 'uvu';
import { heldoutSurfaceSet } from '../helpers/heldout-surface.ts';

heldoutSurfaceSet('heldout-surface15', { attacks: 70, benign: 59 }, (a) => a.label !== undefined && a.family !== undefined);

test.run();
