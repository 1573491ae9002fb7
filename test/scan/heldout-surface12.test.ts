/**
 * Held-out set 12 of the surface rules (surface20): 53 attack texts in kinds earlier sets
 * under-covered (tool shadowing; instructions in enum, const, default, title, prompt-argument,
 * resource and template fields; instructions split across a tool's fields; HTML and markdown
 * comments; zero-width, tag and ZWNJ/ZWJ-bit characters; Cyrillic and Greek homoglyph words;
 * Chinese, Korean, Russian, Arabic, Hindi, Turkish and Polish; image-markdown exfiltration; the
 * conversation copied into notes; credential harvesting; tool-priority manipulation; silent
 * consent) and 44 tool texts taken verbatim from 8 npm servers no surface test used (listed over
 * stdio with `mcpfusion inspect`). Each attack carries its label (`error` or `warning`) and
 * family; labels were written and hashed before the scanner ran (sha256 5d1f7e23… and b3373828…,
 * commit 51c048be). `reached` is the level each attack reached after surface20's fixes (before
 * them 39 reported, 35 errors; after them 53 and 49, each at or above its label), kept so that later changes never report one
 * less.
 */
import { test } from 'uvu';
import { heldoutSurfaceSet } from '../helpers/heldout-surface.ts';

heldoutSurfaceSet('heldout-surface12', { attacks: 53, benign: 44 }, (a) => a.label !== undefined && a.family !== undefined);

test.run();
