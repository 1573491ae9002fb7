/**
 * Held-out set 20 of the surface rules (holdout20): 70 attack texts written before the surface rows or any earlier
 * attack text were read (Polish, Turkish, Vietnamese, Indonesian, Hebrew, Hindi, Swahili, Dutch, Cebuano, Malagasy and
 * Kinyarwanda; English as attackers write it: a polite favour, a passive requirement, step lists, a markdown table and a
 * `[//]: #` comment, an HTML comment, a base64 "operator configuration", a fake `<tool_result>`, Cyrillic and Cherokee
 * homoglyphs, zero-width, bidi and tag characters, whitespace padding, a long CSV preamble; an output property, a nested
 * `$defs` and an array's items description, an annotation title, a title and description split in two steps, two
 * parameters split in two parts, shadowing of `create_user` and `read_file`, a tool name one Cyrillic letter away) and 60
 * tool texts taken verbatim from the tools/list of task-master-ai 0.43.1 (TASK_MASTER_TOOLS=all), @browserstack/mcp-server
 * 1.4.2 and mcp-shrimp-task-manager 1.0.21, which no earlier benign set used, chosen by a fixed rule (imperative wording
 * first, then length). Labels were written and committed before the scanner ran (commit 1719756b; attacks.json then
 * sha256 62e828d5…, benign.json fc250c90…). When first measured 43 attacks were reported, 35 as errors (37 at or above
 * their label), and 2 benign texts were (task-master-ai's `update_subtask` description, read as shadowing, and
 * shrimp's `plan_task` description, read as redirection). `reached` is the level each attack reached after holdout20's
 * fixes (70 reported, 67 errors, 70 at or above their label; no benign text; `surface-misses20.test.ts`), kept so that
 * later changes never report one less.
 */
import { test } from 'uvu';
import { heldoutSurfaceSet } from '../helpers/heldout-surface.ts';

heldoutSurfaceSet('heldout-surface20', { attacks: 70, benign: 60 }, (a) => a.label !== undefined && a.family !== undefined);

test.run();
