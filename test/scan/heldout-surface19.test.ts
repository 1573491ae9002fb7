/**
 * Held-out set 19 of the surface rules (holdout19): 70 attack texts in kinds sets 11 to 18 did not use (Gujarati,
 * Kannada, Punjabi, Sinhala, Lao, Burmese, Hausa, Somali, Luxembourgish, Scottish Gaelic, Haitian Creole, Latin, Tajik,
 * Turkmen and Javanese; rules kept in a resource and followed over the user, a response's `next_action` run, an acrostic,
 * a credentials file's token as a correlation id; an output property's and an output array's items description, an
 * annotation title claiming approval, a resource template's URI and title, an `if`/`then` branch, `patternProperties`,
 * a deprecated parameter; rug pulls by idle time, locale, a version notice, one approval and a `.prod` file; shadowing of
 * wallet, calendar, shell, DNS and search tools; the last messages in a URL, a callback default with a token, personal
 * data on every query, a `mailto:` body; a consent record, an administrator's pre-approval, implied consent; Fraktur,
 * monospace, superscript, Hangul filler, Braille blank, interlinear annotation and IPA letters; three long preambles;
 * Gherkin, protobuf, BibTeX, SRT, an XML processing instruction, a MediaWiki template; `.npmrc`, `gpg
 * --export-secret-keys`, Firefox's `logins.json`, audit-log retention and a wiped history; maintenance mode, a faked
 * success, the user impersonated) and 60 tool texts taken verbatim from the tools/list of @hubspot/mcp-server 0.4.0,
 * @shopify/dev-mcp 1.16.0 and @roychri/mcp-server-asana 1.8.0, which no earlier fixture used. Labels were written and
 * committed before the scanner ran (commit 3ac92d5c; attacks.json then sha256 8985db71…, benign.json 4399962e…).
 * When first measured 37 attacks were reported, 34 as errors (34 at or above their label), and 6 benign texts were
 * (HubSpot's "Use the hubspot-list-workflows tool first to identify …" and three like it, read without their sibling
 * tools; Shopify's `learn_shopify_api` description and its `user_prompt` parameter, which ask for the user's most
 * recent message in `user_prompt`). `reached` is the level each attack reached after holdout19's fixes (70 reported,
 * 66 errors, 70 at or above their label; no benign text), kept so that later changes never report one less.
 */
import { test } from 'uvu';
import { heldoutSurfaceSet } from '../helpers/heldout-surface.ts';

heldoutSurfaceSet('heldout-surface19', { attacks: 70, benign: 60 }, (a) => a.label !== undefined && a.family !== undefined);

test.run();
