/**
 * Held-out set 18 of the surface rules (holdout18): 70 attack texts in styles sets 11 to 17 did not use (a markdown
 * link's title, a `<details>` block, a JSON policy object, Org-mode, Mermaid, PowerShell and tilde fences, CDATA, a
 * vCard, robots.txt lines, a fake `SYSTEM:` header, `<tool_result>` and `<function_results>` spoofing, a fake
 * transcript, a DAN role-play; shadowing of another server's `git_push` and of every `*_upload` tool, moderation tools
 * barred; rug pulls by conversation length and an A/B test, consent claimed, an approval skipped in CI; persistence in
 * `authorized_keys`, `.bashrc` and a git hook; a Slack webhook, a gist, a secret as a file name; a `oneOf` branch,
 * `additionalProperties`, an `x-` schema key, parameter names, a prompt's title, a resource's name; Greek and Armenian
 * confusables, a combining grapheme joiner, math sans-serif italic, squared and parenthesized letters, string
 * concatenation; two preambles of 3,000+ characters; Armenian, Amharic, Telugu, Marathi, Malayalam, Nepali, Khmer,
 * Mongolian, Kazakh, Uzbek, Macedonian, Belarusian, Irish, Maltese, Yoruba, Zulu and Pashto) and 60 tool texts taken
 * verbatim from @brave/brave-search-mcp-server 2.1.4 and backlog-mcp-server 0.20.4, which no surface test used. Labels
 * were written and hashed before the scanner ran (sha256 9d21a334… and b43bb8fd…, commits 1f4c6ad6 and ca56a19d).
 * When first measured 37 attacks were reported, 35 as errors (36 at or above their label), and one benign text (the
 * Brave summarizer's "Must first perform a web search using brave_web_search …", a tool-shadowing warning once the
 * text stands alone, its sibling tool not beside it; fixed with this test). `reached` is the level each attack
 * reached after holdout18's fixes (66 reported, 62 errors, 66 at or above their label; still no benign text), kept so
 * that later changes never report one less. The four warnings it still missed (docs/scan.md) are read since surface27:
 * 70 reported, 65 errors, 70 at or above their label.
 */
import { test } from 'uvu';
import { heldoutSurfaceSet } from '../helpers/heldout-surface.ts';

heldoutSurfaceSet('heldout-surface18', { attacks: 70, benign: 60 }, (a) => a.label !== undefined && a.family !== undefined);

test.run();
