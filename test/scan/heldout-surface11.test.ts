/**
 * Held-out set 11 of the surface rules (surface16): 57 attack texts in styles no earlier set used
 * (YAML front matter, changelog, FAQ, error-code and example-call notes, footnotes, `<details>`,
 * CDATA, a hidden div, a zero-size span, homoglyphs, zero-width and soft-hyphen splits, full-width
 * letters, base64 and hex payloads; enum, const, default, examples, a property title,
 * annotations.title and outputSchema descriptions; German, French, Spanish, Japanese and Dutch) and
 * 41 tool texts taken verbatim from npm-packed servers no earlier set used. The attack and benign
 * labels were written and hashed before the rules were read (sha256 cf54b3f2… and 779393ef…);
 * `reached` is the level each attack reached after surface16's fixes, kept so that later changes
 * never report one less (the five that were at `none`, listed in docs/scan.md, are errors since surface19; three of
 * the six warnings are errors since surface26, the other three, identifiers in an `enum` or a `const`, since surface27).
 */
import { test } from 'uvu';
import { heldoutSurfaceSet } from '../helpers/heldout-surface.ts';

heldoutSurfaceSet('heldout-surface11', { attacks: 57, benign: 41 });

test.run();
