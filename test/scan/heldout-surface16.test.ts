/**
 * Held-out set 16 of the surface rules (holdout16): 70 attack texts in styles sets 11 to 15 did not
 * use (a test fixture, a conventional-commit message, Dockerfile and Makefile lines, a log line, a
 * task list, terms of use and GDPR/ISO compliance claims, a docstring and a doctest, LaTeX and
 * GraphQL comments, RST and AsciiDoc admonitions, Handlebars and Jinja blocks, pseudocode, "known
 * issue" and troubleshooting sections, models addressed by name, a persona, DNS-label and git-push
 * exfiltration, sudo fed the user's password, --yes and --no-dry-run, small-caps, circled and
 * overlaid letters, emoji variation-selector bytes, base32, Morse, invisible operators; Czech,
 * Romanian, Finnish, Danish, Norwegian, Hungarian, Thai, Persian, Malay, Catalan, Bengali, Swahili
 * and Tagalog; an enum, a const, a default, a title, a parameter, a prompt, a prompt argument, a
 * resource, a template, a homoglyph tool name, base64 split over two parameters, an outputSchema
 * description, annotations.title, an inputSchema's and a $defs entry's description) and 60 tool
 * texts taken verbatim from 5 npm servers no surface test used. Labels were written and hashed
 * before the scanner ran (sha256 220dffe2… and 0c7ded0a…, commits 47e01cdd and 044f68f5). When
 * first measured 42 attacks were reported, 35 as errors (38 at or above their label), and no benign
 * text; `reached` is the level each attack reached after holdout16's fixes (69 reported, 65 errors,
 * 69 at or above their label; still no benign text), raised for the split base64 by surface25 (70 reported,
 * 66 errors, all 70 at or above their label; still no benign text), kept so that later changes never report one
 * less (docs/scan.md lists what is still missed).
 */
import { test } from 'uvu';
import { heldoutSurfaceSet } from '../helpers/heldout-surface.ts';

heldoutSurfaceSet('heldout-surface16', { attacks: 70, benign: 60 }, (a) => a.label !== undefined && a.family !== undefined);

test.run();
