/**
 * Held-out set 13 of the surface rules (surface21): 67 attack texts in styles earlier sets did not
 * use (poisoned parameter descriptions, enum, default and const values, outputSchema descriptions,
 * a markdown reference-link comment; base64, hex, ROT13, leetspeak, percent-encoding, spaced and
 * reversed letters, Cyrillic and math-italic homoglyph sentences; multi-step "call X then Y"
 * chains, cross-tool shadowing, rug-pull "supersedes the previous version" notes; German, French,
 * Spanish, Portuguese, Russian, Japanese, Chinese, Arabic, Indonesian and Vietnamese; polite and
 * indirect asks; one bad sentence inside long legitimate docs; a prompt, a resource, a template, a
 * prompt argument and a title) and 61 tool texts taken verbatim from 8 npm servers no surface test
 * used (listed over stdio with `mcpfusion inspect`). Each attack carries its label (`error` or
 * `warning`) and family; labels were written and hashed before the scanner ran (sha256 ac706d66…
 * and 7981a9ae…, commit 812133a5). When the set was first measured 46 attacks were reported, 43 as
 * errors (44 at or above their label), and no benign text; `reached` is the level each attack
 * reached after surface21's fixes (64 reported, 61 errors, 62 at or above their label; still no
 * benign text; the five left below their label are listed in docs/scan.md; four of them raised to
 * errors by surface22), kept so that later changes never report one less.
 */
import { test } from 'uvu';
import { heldoutSurfaceSet } from '../helpers/heldout-surface.ts';

heldoutSurfaceSet('heldout-surface13', { attacks: 67, benign: 61 }, (a) => a.label !== undefined && a.family !== undefined);

test.run();
