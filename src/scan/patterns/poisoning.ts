/**
 * Tool-poisoning rules for the surface scan: text the model reads (tool, action, prompt and
 * parameter descriptions, schema titles and examples) that hides characters or speaks to the
 * model instead of the user. These match prose, not code, so each rule is one regular expression
 * over the description text (or a character class test).
 *
 * @module
 */
import type { Confidence } from '../types.ts';

/** One surface rule. */
export interface PoisoningRule {
  /** Stable id `surface.<name>`. */
  id: string;
  /** One-line description. */
  title: string;
  /** Confidence of a match. */
  confidence: Confidence;
  /** The pattern (case-insensitive prose match); absent for the character rules. */
  pattern?: RegExp;
  /**
   * A match in a clause that forbids it is a protective instruction, not a finding: "Do not
   * include API keys or passwords" (see `negatedClause` in `scan-surface.ts`). The search goes on
   * for another match in the same text.
   */
  negatable?: boolean;
}

/** Files that hold keys, credentials or an agent's configuration: naming one is enough. */
const SENSITIVE_FILES = String.raw`~\/\.ssh|\.ssh\/|id_rsa|id_ed25519|id_ecdsa|\/etc\/passwd|\/etc\/shadow|\.aws\/credentials|\.env\b|mcp\.json|claude_desktop_config|\.cursor\/|\.npmrc|\.netrc|\.git-credentials|\.kube\/config|credentials\.json`;
/**
 * Credentials named by kind. Secret managers legitimately "read a secret" and take "the secret
 * path", so a kind counts only when it is someone's (your, the user's, stored, all ...) or is
 * put into a parameter or field.
 */
const CREDENTIALS = String.raw`private[ _-]?keys?|api[ _-]?keys?|access[ _-]?tokens?|secrets?|passwords?|credentials\b`;
const OWNED_CREDENTIALS = String.raw`\b(?:your|the user['’]?s|users?['’]?|their|his|her|all|every|stored|saved|local|environment|env)\s+(?:[\w-]+\s+){0,2}?(?:${CREDENTIALS})`;
/** Verbs that read, show or hand over something, in the forms a demand takes ("read", "reading"). */
const TAKE_VERBS = String.raw`\b(?:(?:read|send|pass|upload|attach|forward|leak|embed)(?:ing)?|open|load|view|print|dump|post|cat(?:ting)?|put(?:ting)?|includ(?:e|ing)|provid(?:e|ing)|cop(?:y|ying)|past(?:e|ing)|shar(?:e|ing))\b|\bcontents? of\b`;


/**
 * What a concealment hides: the instruction, the tool, the step or the fact itself ("never reveal
 * these instructions", "do not mention that you read the file"). "Do not mention if a column is
 * boolean" is a formatting rule and "never reveal your API key" a protective one: neither matches.
 */
const CONCEALED_OBJECT = String.raw`(?:this|these|that|it|anything)\b|(?:the|any|your)\s+(?:instructions?|tools?|steps?|notes?|messages?|calls?|requests?|fact|above|previous|following|sidenote|data)\b|to the user\b`;

/** "… from the user" ends its clause ("hide this from the user."), unlike "from the user list". */
const CLAUSE_END = String.raw`\b(?=\s*(?:[.,;:!?)\n]|$|\s(?:and|or|but|then|until|unless|when|while|if|so)\b))`;

/** Surface rule rows. */
export const POISONING_RULES: readonly PoisoningRule[] = [
  { id: 'surface.bidi-control', title: 'Bidirectional control character in text the model reads', confidence: 'high' },
  { id: 'surface.hidden-unicode', title: 'Zero-width, invisible or Unicode tag characters, or stray variation selectors, in text the model reads (tag characters can spell hidden ASCII, variation selectors hidden bytes)', confidence: 'medium' },
  { id: 'surface.mixed-script', title: 'A word mixes Latin letters with look-alike Cyrillic or Greek ones (a homoglyph disguise: it reads as the Latin word, matches no Latin pattern, and a name shadows the tool it imitates)', confidence: 'medium' },
  { id: 'surface.ignore-instructions', title: 'Tells the model to ignore or override its instructions', confidence: 'high', pattern: /\b(?:ignore|disregard|forget|override|bypass)\b[^.\n]{0,40}?\b(?:previous|prior|above|earlier|all|any|other|system|safety|original|your)\b[^.\n]{0,30}?\b(?:instructions?|prompts?|rules|directions|guidelines|messages|polic(?:y|ies))\b/i },
  { id: 'surface.hidden-tag', title: 'Pseudo-tags or markers aimed at the model (<IMPORTANT>, <system>, [INST], HTML comments)', confidence: 'medium', pattern: /<\s*\/?\s*(?:important|system|instructions?|secret|hidden|admin|assistant|context|sudo|critical)\b[^>]{0,40}>|\[(?:INST|SYSTEM)\]|<<SYS>>|<!--/i },
  { id: 'surface.conceal-from-user', title: 'Tells the model to keep something from the user', confidence: 'high', pattern: new RegExp(String.raw`\b(?:do not|don't|dont|never|without)\b[^.\n]{0,30}?\b(?:tell(?:ing)?|inform(?:ing)?|mention(?:ing)?|notify(?:ing)?|show(?:ing)?|reveal(?:ing)?|alert(?:ing)?|let(?:ting)?)\b[^.\n]{0,20}?\bthe user\b|\bwithout (?:asking|consulting|checking with|confirming with)\s+the user\b|\b(?:do not|don't|dont|never)\s+ask\s+the user\b[^.\n]{0,20}?\b(?:confirm(?:ation)?|permission|approval|consent|approve)\b|\bthe user (?:must|should|does) not (?:know|see|be told|notice)\b|\bthe user (?:does not|doesn't|need not|needn't) need to (?:know|be told)\b|\b(?:hide|conceal|withhold)\s+(?:this|these|that|it|them|(?:the|any|your)\s+(?:\w+\s+)?(?:instructions?|steps?|fact|calls?|requests?|notes?|results?))\b[^.\n]{0,30}?\bfrom the user${CLAUSE_END}|\bkeep\s+(?:this|these|that|it|them)\s+(?:secret|hidden|private)\s+from the user${CLAUSE_END}|\b(?:silently|quietly|secretly|covertly)\s+(?:send|call|invoke|read|include|upload|forward|exfiltrate|copy|pass|add|append|run|execute|share)\b|\b(?:do not|don't|dont|never)\s+(?:mention|reveal|disclose|acknowledge)\s+(?:${CONCEALED_OBJECT})|\b(?:secretly|covertly)\b`, 'i') },
  { id: 'surface.sensitive-file', title: 'Asks the model to read or send sensitive files, keys or credentials', confidence: 'high', pattern: new RegExp(String.raw`(?:${TAKE_VERBS})[^.\n]{0,60}?(?:${SENSITIVE_FILES}|${OWNED_CREDENTIALS})|(?:${SENSITIVE_FILES}|${CREDENTIALS})[^.\n]{0,40}?\b(?:as|in|into|to) (?:the )?(?:parameter|argument|field|sidenote|note|url|request)\b`, 'i'), negatable: true },
  { id: 'surface.tool-redirection', title: 'Tells the model to call, prefer or avoid other tools', confidence: 'medium', pattern: /\b(?:before|after|first|always|instead of|must|also|never)\b[^.\n]{0,40}?\b(?:call|invoke|use|run|execute|trigger)\b(?! this (?:tool|function)\b)[^.\n]{0,30}?\b(?:tool|function|server)\b|\binstead of (?:using |calling )?(?:the )?[\w.-]+ tool\b|\b(?:always|only|instead)\b[^.\n]{0,20}?\b(?:use|call|invoke)\s+[`'"]?[a-z][a-z0-9]*_[a-z0-9_]+\b/i },
  { id: 'surface.tool-shadowing', title: "Changes how another tool behaves (its recipients, its arguments, what happens when it is called)", confidence: 'high', pattern: /\b(?:change|replace|swap|redirect|override)\s+(?:the\s+)?(?:recipient|receiver|destination|to[- ]address|phone number|email address|target (?:address|account|number|url))s?\b|\b(?:send|forward|bcc|cc|copy)\s+(?:all|every|each)\s+(?:emails?|messages?|mails?|payments?|transfers?|files?)\s+to\b|\b(?:the|any)\s+[a-z][a-z0-9]*_[a-z0-9_]+\s+tool\s+(?:must|should|has to|needs to|will)\b|\bwhen\b[^.\n]{0,40}?\b[a-z][a-z0-9]*_[a-z0-9_]+\b\)?[^.\n]{0,20}?\b(?:is|are)\s+(?:invoked|called|executed|run)\b/i },
  { id: 'surface.exfiltration-url', title: 'Tells the model to send data to a URL, or embeds a URL with a data placeholder', confidence: 'high', pattern: /\b(?:send|post|upload|forward|transmit|exfiltrate|report|append|include)\b[^\n]{0,80}?\bhttps?:\/\/|https?:\/\/[^\s)"'<>]*(?:\{[^}\s]*\}|\$\{|%s|<[a-z_]+>)|!\[[^\]]*\]\(https?:\/\//i },
  { id: 'surface.model-directive', title: 'Addresses the model directly with role or mode changes (you are now, system prompt, developer mode)', confidence: 'medium', pattern: /\b(?:you are now (?!(?:running|using|connected|logged|signed|on|at|in the|viewing|ready|done|able)\b)|from now on|new instructions|system prompt|jailbreak|developer mode|act as (?:an? )?(?:admin|root|system))\b/i },
];
