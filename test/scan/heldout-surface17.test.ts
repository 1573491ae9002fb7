/**
 * Held-out set 17 of the surface rules (holdout17): 70 attack texts in styles sets 11 to 16 did not
 * use (a Jupyter cell, a GitHub Actions step, a Terraform locals block, a PHP docblock, a Rust safety
 * section, a SQL migration comment, a crontab line, an iCalendar event, a markdown footnote, an
 * alt-text policy, a feature flag, a testimonial, an e-mail signature, a Lua comment; shadowing of
 * other servers' tools, credential harvesting, innocuous parameters, rug pulls by changelog, call
 * count and date; base64url, octal escapes, quoted-printable, Caesar, fullwidth, double-struck,
 * soft hyphens, word joiners, dotted and upside-down letters, Cyrillic confusables, U+2028, ZWNJ;
 * long benign preambles hiding one sentence; Slovak, Slovenian, Croatian, Bulgarian, Lithuanian,
 * Latvian, Estonian, Icelandic, Afrikaans, Urdu, Tamil, Serbian, Georgian, Albanian, Azerbaijani,
 * Esperanto, Basque, Galician and Welsh; a const, a default, an outputSchema property, an unknown
 * annotations key, an array's items enum, a parameter's examples) and 60 tool texts taken verbatim
 * from 6 npm servers no surface test used. Labels were written and hashed before the scanner ran
 * (sha256 7e83daec… and 5a0fadf1…, commits b09225cc and 73843d72). When first measured 39 attacks
 * were reported, 31 as errors (32 at or above their label), and no benign text; `reached` is the
 * level each attack reached after holdout17's fixes (66 reported, 64 errors, 66 at or above their
 * label; still no benign text), and after surface26's (a Caesar shift, upside-down text, a secret's variable as a
 * default, an unknown annotations key read) 70 reported, 67 errors, 70 at or above their label; kept so that later
 * changes never report one less.
 */
import { test } from 'uvu';
import { heldoutSurfaceSet } from '../helpers/heldout-surface.ts';

heldoutSurfaceSet('heldout-surface17', { attacks: 70, benign: 60 }, (a) => a.label !== undefined && a.family !== undefined);

test.run();
