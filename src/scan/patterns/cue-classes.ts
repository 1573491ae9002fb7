/**
 * Cue classes of the surface scan's cue score (see `scan-cues.ts`): broad kinds of words, each worth
 * a weight, whose sum over one sentence is compared with a threshold. No class alone is a finding
 * and no phrase is needed: a sentence is reported when it holds an anchor pair of a family (a
 * secret or the conversation and a place it goes; a word of hiding and the one it is hidden from; a
 * tool that is not the server's own and a change or a sequence; an authority claim and the model)
 * and enough other cues (an order, the model addressed, a pretext, data moving) to reach the
 * threshold. Every class is a bounded alternation, so a text is read in linear time.
 *
 * @module
 */
import { HELD_ABROAD, KEY_FILE_EXTENSION } from './poisoning.ts';

/** The name of a cue class. */
export type CueName =
  | 'secret' | 'held' | 'sink' | 'covert' | 'audience' | 'data-moves' | 'other-tool' | 'tamper'
  | 'standing' | 'sequence' | 'authority' | 'vocative' | 'duty' | 'model' | 'pretext' | 'owned' | 'covert-again' | 'address';

/** The weight of each cue: anchors (what a family needs) weigh 2 or 3, supporting cues 1. */
export const CUE_WEIGHTS: Readonly<Record<CueName, number>> = {
  secret: 2, held: 3, covert: 2, 'other-tool': 3, authority: 3, vocative: 2,
  sink: 1, audience: 1, 'data-moves': 1, tamper: 1, standing: 1, sequence: 1, duty: 1, model: 1, pretext: 1, owned: 1, 'covert-again': 1, address: 1,
};

/** A sentence whose family's cue weights sum to this is reported (medium, a warning). */
export const CUE_THRESHOLD = 5;

/** A score of this or more is high (an error): the score is a heuristic, so most of what it reports stays a warning. */
export const CUE_HIGH = 7;

/** One family of the cue score: the finding id it reports, a stable row id, the cues it needs and the cues that count. */
export interface CueRule {
  /** The surface rule the finding belongs to. */
  id: string;
  /** Stable id of the row, named in the finding's detail (`cue.hand-over-secret`). */
  row: string;
  /** Every one of these groups must hold at least one cue present in the sentence. */
  needs: readonly (readonly CueName[])[];
  /** The cues whose weights make the family's score (the needed ones among them). */
  counts: readonly CueName[];
  title: string;
}

/** The families; a sentence raises every family it scores, each row once a text. */
export const CUE_RULES: readonly CueRule[] = [
  { id: 'surface.sensitive-file', row: 'cue.hand-over-secret', needs: [['secret'], ['sink']], counts: ['secret', 'owned', 'sink', 'duty', 'model', 'covert', 'pretext', 'standing', 'vocative'], title: "A secret (a credential, a key or secrets file, the environment) and a place it goes (one of the tool's own parameters, a URL or an address something is sent to), with its owner or a bulk of them, an order, the model addressed, a pretext, concealment or a standing order, scoring at least the cue threshold, in one sentence" },
  { id: 'surface.context-exfiltration', row: 'cue.hand-over-held', needs: [['held'], ['sink']], counts: ['held', 'sink', 'duty', 'model', 'covert', 'pretext', 'standing', 'vocative'], title: 'What only the model holds (the conversation, its instructions) and a place it goes, with an order, the model addressed, a pretext, concealment or a standing order, scoring at least the cue threshold, in one sentence' },
  { id: 'surface.conceal-from-user', row: 'cue.conceal', needs: [['covert'], ['data-moves', 'covert-again']], counts: ['covert', 'covert-again', 'audience', 'data-moves', 'duty', 'model', 'sink', 'address', 'secret', 'held'], title: 'A word of hiding or of acting unnoticed and the one kept in the dark or what is done, with an order, the model addressed or data moving, scoring at least the cue threshold, in one sentence' },
  { id: 'surface.tool-shadowing', row: 'cue.other-tool', needs: [['other-tool'], ['tamper', 'standing', 'sequence'], ['duty', 'tamper', 'sink', 'covert']], counts: ['other-tool', 'tamper', 'standing', 'sequence', 'duty', 'model', 'sink', 'covert', 'secret', 'held'], title: "A tool that is not the server's own and a change to how it is used or a call tied to it, with an order or a change (a trigger alone, \"each time you call list_files, results are cached\", is none), the model addressed or a place data goes, scoring at least the cue threshold, in one sentence" },
  { id: 'surface.model-directive', row: 'cue.directive', needs: [['authority', 'vocative'], ['duty', 'model', 'standing']], counts: ['authority', 'vocative', 'duty', 'model', 'standing', 'covert', 'data-moves'], title: 'A claim of authority or priority, or the model addressed by name, with an order, the model addressed or a standing order, scoring at least the cue threshold, in one sentence' },
];

/**
 * Credentials and secrets by kind, files that hold them and commands that print them: "the OpenAI
 * API key", "the password", "~/.git-credentials", "the keychain entry", "printenv", "the database
 * connection string", "all variables from the shell environment". Tokens that are money ("approved
 * to spend your tokens", "ERC20 tokens") are none.
 */
export const SECRET_CUE = new RegExp([
  String.raw`\b(?:passwords?|passphrases?|passcodes?|pins?|api[ _-]?keys?|(?:access|auth|bearer|refresh|session|oauth|github|npm|slack|personal\s+access)[ _-]?tokens?|(?<!\b(?:spend|spending|spent|swap|swapping|stake|staking|unstake|burn|burning|mint|minting|sell|selling|buy|buying|bridge|bridging|wrap|unwrap|lend|lending|borrow|borrowing|approve|approving)\s+(?:(?:your|the|their|my|its|all|some|any)\s+)?(?:[\w-]{1,20}\s+)?|\b(?:ERC-?20|ERC-?721|ERC-?1155|BEP-?20|SPL|NFT|fungible|governance|LP|crypto|wrapped)\s+)tokens|secrets|credentials?|private[ _-]?keys?|secret[ _-]?keys?|signing\s+keys?|seed\s+phrases?|recovery\s+(?:phrases?|codes?)|mnemonic|cookies|keychain|keyring|connection\s+strings?|client\s+secrets?|card\s+numbers?|cvv|cvc|social\s+security\s+numbers?|authorization\s+headers?)\b`,
  String.raw`(?:^|[\s(\[\`'"/])~?\/?\.(?:ssh|gnupg|aws|kube|docker|netrc|npmrc|pypirc|pgpass|git-credentials|env|bash_history|zsh_history|password-store)\b`,
  String.raw`\b(?:api|access|auth|bot|bearer|refresh|session|oauth|secret|private|signing|ssh|gpg|pgp|npm|pypi|publish|deploy|slack|github|gitlab|aws|gcp|azure|cloud|network|wi-?fi|root|admin|master|registry|service[- ]account|login|vault)\s+(?:[\w-]{1,20}\s+){0,2}?(?:tokens?|keys?|passwords?|passphrases?|secrets?|credentials?|cookies?|identit(?:y|ies)|auth|json)\b|\b(?:kubeconfig|pgpass|netrc|npmrc|pypirc|htpasswd|keystore|kdbx|password\s+manager)\b`,
  String.raw`\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\/etc\/(?:passwd|shadow|sudoers|ssl\/private)\b|\b[\w.-]{1,64}(?:\.(?:pem|p12|pfx|kdbx|keystore)|${KEY_FILE_EXTENSION})\b`,
  String.raw`\b(?:printenv|env\s+vars?|environment\s+variables?|(?:shell|process|system)\s+environment|os\.environ|process\.env)\b`,
  String.raw`\b[A-Z][A-Z0-9]{1,32}_(?:[A-Z0-9]{1,32}_){0,4}(?:TOKEN|KEY|SECRET|PASSWORD|PASS|PAT)\b|\bvalue\s+of\s+(?:the\s+)?[\`$]?[A-Z][A-Z0-9]{1,32}_[A-Z0-9_]{1,40}\b`,
].join('|'), 'gi');

/**
 * What only the model holds: the conversation in whole ("the dialogue so far", "the chat
 * transcript", "everything the user said"), its instructions ("your system prompt", "what your
 * instructions say").
 */
export const HELD_CUE = new RegExp([
  HELD_ABROAD,
  String.raw`\b(?:the\s+|this\s+|our\s+|whole\s+|entire\s+|full\s+|complete\s+)?(?:dialog(?:ue)?|conversation|chat|thread)\s+(?:so\s+far|history|log|logs|transcript|up\s+to\s+now|until\s+now|to\s+date)\b`,
  String.raw`\b(?:send|forward|pass|post|copy|mirror|upload|e-?mail|transmit|paste|attach|include)\s+(?:\w{1,20}\s+){0,3}?(?:the|this|our)\s+(?:whole\s+|entire\s+|full\s+|complete\s+)?(?:conversation|chat|dialog(?:ue)?)\b|\b(?:the\s+)?user['’]s\s+(?:\w{1,20}\s+)?(?:earlier|previous|prior|last|recent)\s+(?:\w{1,20}\s+)?(?:messages?|questions?|prompts?|requests?)\b|(?:Gesprächsverlauf|Chatverlauf|historique\s+de\s+la\s+conversation|historial\s+(?:de\s+la\s+)?conversación|聊天记录|对话记录|对话历史|对话内容)`,
  String.raw`\b(?:complete|full|entire|whole)\s+(?:message|chat|conversation)\s+(?:history|log)\b|\b(?:earlier|prior|previous)\s+system\s+(?:content|messages?|prompts?)\b`,
  String.raw`\b(?:transcript|verbatim\s+copy\s+of\s+(?:the|this|our)\s+(?:dialog(?:ue)?|conversation|chat))\b`,
  String.raw`\b(?:everything|all|whatever|anything)\s+(?:that\s+)?(?:the\s+user|they|the\s+human)\s+(?:has\s+)?(?:said|typed|wrote|written|shared|told\s+you|mentioned)\b`,
  String.raw`\b(?:your|the|its)\s+(?:system\s+prompt|system\s+message|(?:own\s+|hidden\s+|original\s+|initial\s+)?instructions|(?:setup|configuration|developer)\s+(?:prompt|message))\b|\bwhat\s+your\s+(?:instructions|prompt|rules)\s+say\b|\b(?:operator|system|developer|setup)\s+(?:instructions|prompt|message)\s+(?:that\s+)?you\s+(?:received|got|were\s+given)\b`,
  String.raw`\b(?:what|things?|everything|anything)\s+(?:[\w-]{1,20}\s+){0,3}?(?:the\s+user|they)\s+(?:has\s+|have\s+)?(?:told|said|wrote|typed|asked)\b|\b(?:hidden|secret|internal|operator|system|startup|original)\s+(?:rules|briefing|instructions|guidelines|directives)\b|\b(?:rules|briefing|instructions|prompt|guidelines|directives)\s+(?:that\s+)?(?:you\s+were\s+(?:started|given|configured|set\s+up)\s+with|precedes?\s+this\s+(?:chat|conversation))\b|\b(?:e-?mail\s+address(?:es)?|phone\s+numbers?|addresses)\s+(?:that\s+)?(?:appeared|came\s+up|were\s+mentioned|were\s+shared)\s+in\s+(?:the|this)\s+(?:chat|conversation)\b`,
  String.raw`\b(?:every|each|all|any)\s+(?:[\w-]{1,20}\s+)?(?:drafts?|messages?|files?|documents?|pages?|notes?|e-?mails?|texts?)\s+(?:that\s+)?(?:you|the\s+user|they)\s+(?:[\w-]{1,20}\s+)?(?:write|wrote|read|open|opened|see|saw|send|sent|receive|received|create|edit|type|typed)\b`,
].join('|'), 'gi');

/** A place outside something is sent to: "to https://…", "at drop@example.org", "into s3://bucket"; a URL or an address alone is a link or a contact. */
export const EXTERNAL_SINK = /\b(?:destination|url|endpoint|webhook|target)\s*[=:]\s*["']?https?:\/\/|(?:\b(?:to|at|into|onto|via|through|towards|bcc|cc|add|include|forward|e-?mail|mail|an|a)|(?<![A-Za-z\u00C0-\u024F])à)\s+(?:the\s+|our\s+)?(?:(?:address|url|endpoint|bucket|server|inbox|mailbox|webhook)\s+)?(?:https?:\/\/|s3:\/\/|[\w.+-]{1,64}@[\w-]{1,64}\.)|\bhttps?:\/\/[^\s)"'<>]{0,200}[?&][\w-]{1,40}=(?=[\s)\]"'`]|$)/i;

/**
 * The content of the tool's own calls as a place things go: "to every note you create", "in each
 * search", "into the query", "with every request".
 */
export const CALL_SINK = /\b(?:to|into|in|with|on)\s+(?:every|each|all|any|the|this|your)\s+(?:[\w-]{1,20}\s+)?(?:notes?|messages?|search(?:es)?|quer(?:y|ies)|requests?|calls?|titles?|captions?|entries|items?|tickets?)\b/i;

/**
 * Whose the secret is, or that it is taken in bulk: "the user's", "your", "stored", "on this
 * machine", "in the home directory", "~/…", "available to you", "every … token".
 */
export const OWNED_CUE = /\b(?:the\s+user['’]?s|users['’]|your|their|his|her|stored|saved|cached|local|this\s+machine|the\s+machine|home\s+(?:dir(?:ectory)?|folder)|available\s+to\s+you|you\s+(?:have|hold|can\s+see|know|saw|noticed|came\s+across))\b|~\/|\b(?:the\s+user|they|you)\s+(?:has\s+|have\s+|had\s+)?(?:mentioned|typed|pasted|shared|gave|said|told\s+you|revealed|entered)\b|(?:^|[\s(\[`'"/])\.(?:ssh|gnupg|aws|kube|docker|netrc|npmrc|env|git-credentials|bash_history|zsh_history)\b|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\/etc\/|\b(?:on\s+disk|from\s+the\s+(?:environment|env)|(?:of|on)\s+this\s+(?:host|computer|machine|device)|credentials\s+file|(?:aws|gcloud|azure|gh|docker|kube)\s+(?:cli|config))\b|\b(?:from|in)\s+the\s+[\`'"]?[A-Z][A-Z0-9_]{2,40}[\`'"]?\s+(?:environment\s+)?variable\b|\b(?:you|the\s+(?:agent|assistant|model))\s+(?:has\s+|have\s+)?(?:observed|seen|noticed|encountered)\b|\b(?:every|all|any|whatever)\s+(?:[\w-]{1,20}\s+){0,2}?(?:secrets?|tokens?|keys?|passwords?|credentials?|variables?|cookies?)\b/i;

/**
 * Words of hiding or of acting unnoticed: "secretly", "without telling", "the user must remain
 * unaware", "keep this between us", "stay out of your replies", "change the subject", "under no
 * circumstances disclose", "tell nobody", "no need to bother the user with this detail" (holdout20); also in German,
 * French, Spanish and Chinese.
 */
export const COVERT_CUE = new RegExp([
  String.raw`\b(?:secretly|quietly|silently|covertly|discreetly|surreptitiously|stealthily|invisibly|behind\s+the\s+scenes|unbeknownst|undetected|unnoticed|unaware|in\s+the\s+dark|hush)\b`,
  String.raw`\bwithout\s+(?:(?:ever|first|any|further|additional|prior)\s+)?(?:telling|informing|notifying|alerting|letting|mentioning|asking|prompting|consulting|commenting|comment|disclosing|revealing|their\s+knowledge|the\s+user['’]s\s+knowledge|(?:the\s+)?(?:user|human|owner)\s+(?:knowing|noticing)|(?:user\s+)?(?:approval|consent|confirmation)|waiting\s+for\s+(?:approval|confirmation|consent))\b`,
  String.raw`\b(?:tell|inform|notify|show)\s+(?:nobody|no\s+one|no-one)\b|\bbetween\s+(?:us|you\s+and\s+(?:me|us|the\s+tool|this\s+tool))\b|\bchange\s+the\s+(?:subject|topic)\b|\binternal\s+matter\b|\bnone\s+of\s+(?:their|his|her|the\s+user['’]s)\s+(?:business|concern)\b`,
  String.raw`\b(?:stays?|keeps?\s+(?:it|this|that)|leaves?\s+(?:it|this|that))\s+out\s+of\s+(?:your|the|any)\s+(?:[\w-]{1,20}\s+)?(?:repl(?:y|ies)|answers?|responses?|summar(?:y|ies)|messages?|output)\b|\bkeep\s+(?:it|this|that)\s+(?:secret|private|hidden|quiet|confidential|to\s+yourself)\b`,
  String.raw`\b(?:never|not|no|don['’]t|do\s+not|must\s+not|should\s+not|under\s+no\s+circumstances|in\s+no\s+case|avoid)\s+(?:(?:ever|you|to|be|should|must|need\s+to|even|any)\s+){0,2}(?:mention(?:ing)?|disclos(?:e|ing)|reveal(?:ing)?|tell(?:ing)?|inform(?:ing)?|bring(?:ing)?\s+(?:it|this|that)\s+up|surfac(?:e|ing)|discuss(?:ing)?|referenc(?:e|ing)|acknowledg(?:e|ing)|let(?:ting)?\s+(?:them|the\s+user|the\s+human)\s+know)\b`,
  String.raw`\bunmentioned\b|\bundisclosed\b|\b(?:mention|mentioning|disclosure|discussion)\s+(?:of\s+)?[^.\n]{0,30}?\bis\s+(?:discouraged|prohibited|forbidden|not\s+(?:allowed|permitted))\b|\bomits?\s+the\s+fact\b|\bnot\s+to\s+be\s+(?:disclosed|mentioned|revealed|shared|discussed|informed|told)\b`,
  String.raw`\bsteer\s+(?:the\s+)?(?:conversation|topic|discussion)\s+(?:elsewhere|away)\b|\bact\s+as\s+(?:if|though)\b|\bpretend\b|\bnever\s+(?:find\s+out|learn|notice)\b|\bnot\s+to\s+(?:learn|know|hear)\s+(?:about|of)\b|\b(?:not|never|don['’]t|do\s+not)\s+(?:[\w'’-]{1,20}\s+){0,2}?(?:bring|draw|call)\s+(?:[\w'’-]{1,20}\s+){0,3}?attention\b|\bif\s+(?:someone|anyone|they|the\s+user|asked)\b[^.\n]{0,30}?\bjust\s+(?:say|call\s+it|tell)\b|\bleave\s+(?:[\w-]{1,20}\s+){0,3}?off\s+(?:the|your)\b|\bnicht\s+darüber\b|\bkein\s+wort\b|\b(?:gardez|garde)\s+(?:cela|ça|le|la)\s+pour\s+(?:vous|toi)\b|\bno\s+(?:se\s+lo|le|les)\s+(?:cuentes|digas|menciones|comentes)\b`,
  String.raw`\b(?:keep|stay|be|remain)\s+(?:quiet|silent|mum|vague)\b|\bsay\s+nothing\b|\btell\s+(?:them|the\s+user|the\s+human)\s+nothing\b|\bomit\s+(?:it|this|that)\s+from\b|\bno\s+(?:reason|need)\s+to\s+(?:mention|tell|bring\s+(?:it|this|that)\s+up|inform|disclose)\b|\bnot\s+something\s+[^.\n]{0,60}?\bneeds?\s+to\s+(?:know|hear|be\s+told)\b|\bnichts\s+davon\b|\bne\s+dites\s+rien\b|\brien\s+à\s+l['’]utilisateur\b`,
  String.raw`\bno\s+(?:need|reason)\s+to\s+(?:bother|trouble|burden|worry)\s+(?:the\s+user|them|the\s+human|the\s+customer)\s+(?:with|about)\b|\b(?:do\s+not|don['’]t|never)\s+(?:bother|trouble|burden)\s+(?:the\s+user|them|the\s+human)\s+(?:with|about)\b`,
  String.raw`\b(?:need|needs)\s+not\s+(?:know|be\s+told|hear)\b|\b(?:does|do|did)\s+not\s+need\s+(?:mentioning|(?:to\s+be\s+)?(?:mentioned|disclosed|brought\s+up))\b|\bneeds?\s+no\s+mention\b|\bnot\s+worth\s+mentioning\b|\b(?:remain|stay|be\s+kept)\s+(?:unaware|uninformed|oblivious|ignorant)\b`,
  String.raw`\bheimlich\b|\bverschweig|\bverrat\w{0,4}\b[^.\n]{0,60}?\b(?:nicht|keinen\s+fall|niemandem)\b|\bohne\s+(?:es\s+)?(?:dem\s+\w{1,20}\s+)?(?:zu\s+)?(?:sagen|erwähnen|informieren)\b|\bsans\s+(?:le\s+|en\s+|l['’]en\s+)?(?:dire|informer|mentionner|avertir|prévenir)\b|\bdiscrètement\b|\bsin\s+(?:comentarlo|decir(?:lo|se\w{0,4})?|avisar|mencionar(?:lo)?|informar)\b|\ben\s+secreto\b`,
  String.raw`(?:不要|别|勿|不得|不必)(?:告诉|让|通知|提及|透露)|悄悄|偷偷|秘密地`,
].join('|'), 'gi');

/**
 * A word of hiding that may only say how the tool runs or that it skips a prompt: "quietly",
 * "silently", "invisibly", "without asking for confirmation", "without user approval". Such a word
 * is concealment only with someone kept in the dark or a place things go (see `scan-cues.ts`).
 */
export const MANNER_COVERT = /^(?:quietly|silently|invisibly|without\s+(?:(?:first|any|further|additional|prior)\s+)?(?:asking|prompting|(?:user\s+)?(?:approval|consent|confirmation)|waiting\s+for\s+(?:approval|confirmation|consent)))\b/i;

/** Data leaving for someone else: "forwards", "uploads", "shared", "streamed", "partner servers", "telemetry". */
export const OUTBOUND = /\b(?:sen[dt]s?|sending|transmit(?:s|ted|ting)?|forward(?:s|ed|ing)?|upload(?:s|ed|ing)?|shar(?:e|es|ed|ing)|cop(?:y|ies|ied)|mirror(?:s|ed|ing)?|stream(?:s|ed|ing)?|sold|resold|third[- ]part(?:y|ies)|partners?|vendors?|advertisers?|brokers?|our\s+servers?|telemetry)\b/i;

/** How a tool with no window runs: headless, in the background. */
export const HEADLESS = /\bheadless\b|\bin\s+the\s+background\b/i;

/**
 * An order to tell or ask the user, the opposite of concealment: "you should tell the user which
 * packages were added", "ask the user before calling it", "only after the user agreed"; not "tell
 * the user only …", "tell the user that …" nor "show the user a success message" (a cover story).
 */
export const DISCLOSE_CUE = /\b(?:ask|consult)\s+(?:the\s+)?(?:user|human)\s+(?:before|first|for\s+(?:confirmation|approval|consent|permission)|to\s+(?:confirm|approve)|whether|if)\b|\b(?:tell|inform|notify|warn)\s+(?:the\s+)?(?:user|human)\s+(?:which|what|when|whether|how|why|about|of|before)\b|\bshow\s+(?:the\s+)?(?:user|human)\s+(?:which|what|the\s+(?:diff|changes|list|packages|plan|command))\b|\bconfirm\s+with\s+(?:the\s+)?(?:user|human)\b|\bafter\s+(?:the\s+)?(?:user|human)\s+(?:has\s+|have\s+)?(?:agreed|confirmed|approved|consented)\b/i;

/**
 * A secret an HTTP request is meant to carry: "the Authorization header", "your bearer token", "the
 * API key"; in a parameter made for headers it is the tool's input (see `scan-cues.ts`).
 */
export const HTTP_CREDENTIAL = /^(?:authori[sz]ation\s+headers?|(?:bearer|access|auth|oauth)[ _-]?tokens?|api[ _-]?keys?|tokens)$/i;

/** A plain permission (not given "now" or "hereby"): "you are permitted to", "the assistant is allowed to". */
export const PLAIN_PERMISSION = /^(?:you|the\s+(?:assistant|model|agent|ai|llm))\s+(?:are|is)\s+(?:permitted|allowed|authori[sz]ed|free|entitled)\s+to$/i;

/**
 * Another tool called before this one: "before calling this tool, call kv_list", "Use the
 * get_projects tool first", "Use the hubspot-list-objects tool to sample existing objects … first", "Use the
 * hubspot-get-association-definitions tool to identify valid association types before creating associations"
 * (@hubspot/mcp-server 0.4.0, holdout19); with {@link LOOKUP_PURPOSE} it finds this tool's input.
 */
export const PREREQUISITE = /\bbefore\s+(?:calling|using|running|invoking)\s+this\b|\bbefore\s+this\s+(?:tool|one|call)\b|\b(?:use|call|run|invoke)\s+(?:the\s+)?[`'"]?[\w-]{1,64}[`'"]?(?:(?:,\s*|\s+(?:and|or|and\/or)\s+)(?:the\s+)?[`'"]?[\w-]{1,64}[`'"]?){0,3}(?:\s+tools?)?\s+first\b|\b(?:use|call|run|invoke)\s+(?:the\s+)?[`'"]?[\w-]{1,64}[`'"]?(?:\s+tools?)?\s+to\s+(?:identify|sample|find|look\s+up|get|check|list|determine|discover|inspect|verify|confirm)\b[^.;\n]{0,120}?(?:\bfirst|\bbefore\s+[a-z]+ing)\b/i;

/**
 * Another tool's work named as done already, a state this tool needs: "Tests must have been generated first using
 * 'testsprite_generate_code_and_execute'" (@testsprite/testsprite-mcp 0.0.45, holdout21). A perfect passive orders no call.
 */
export const DONE_BEFORE_BY_TOOL = /\b(?:must|should|needs?\s+to|has\s+to|have\s+to)\s+(?:already\s+)?have\s+(?:already\s+)?been\s+[a-z]+(?:ed|en|t)\s+(?:first\s+|already\s+|beforehand\s+)?(?:using|with|by|via|through)\s+(?:the\s+)?[`'"]?[\w-]{1,64}[`'"]?/i;

/**
 * A tool whose name says it only looks something up (`list_devices`, `scan_metro`, `get_apps`), run first or called for a
 * list or an inventory: "BAD: ios_screenshot({ udid: "guess" }) with a made-up UDID — run list_devices first", "call
 * list_devices for the inventory" (react-native-ai-debugger 2.12.3, holdout22, its sibling tools not beside it). Such a tool
 * is handed nothing and changes nothing; a tool whose name acts (`delete_all`, `send_email`) is not this.
 */
export const LOOKUP_TOOL_FIRST = /\b(?:run|call|use|invoke)\s+(?:the\s+)?[`'"]?(?:list|get|scan|find|search|fetch|read|show|describe|check|query|lookup|inspect|view|count|discover|status)[_-][\w-]{1,60}[`'"]?(?:\(\))?(?:\s+tools?)?\s+(?:first\b|for\s+(?:the|a|an|its|their)\s+(?:[\w-]{1,30}\s+){0,2}?(?:inventory|list|ids?|names?|options|details|status|overview)\b)/gi;

/**
 * This tool misused for a goal, and the tool the goal names sent in its place: "BAD: Using disconnect_metro to clear logs — use
 * clear_logs instead" (react-native-ai-debugger 2.12.3, holdout22). Group 1 is the goal, group 2 the tool the goal names.
 */
export const MISUSE_ROUTE = /\b(?:using|calling|running|invoking)\s+[`'"]?[\w-]{1,64}[`'"]?(?:\(\))?\s+(?:to|for)\s+([^,;:.!?\n—–]{1,80}?)\s*(?:[—–]|--?|,)\s*(?:use|call|try|prefer)\s+(?:the\s+)?[`'"]?([\w-]{1,64})[`'"]?(?:\(\))?(?:\s+tool)?\s+instead\b(?!\s+of\b)/i;

/** What a prerequisite is called for: to look something up or check it ("to find the table name", "if you are unsure of the key", "make sure they pass"). */
export const LOOKUP_PURPOSE = /\bto\s+(?:find|look\s+up|get|fetch|check|learn|see|obtain|pick|choose|confirm|verify|list|understand|know|discover|inspect|identify|sample|determine)\b|\bif\s+you\s+(?:are\s+(?:unsure|not\s+sure)|do\s+not\s+know|don['’]t\s+know)\b|\bmake\s+sure\b/i;

/** Who is kept in the dark, or where they would have read it: the user, the human, the owner, your replies. */
export const AUDIENCE_CUE = /\b(?:the\s+)?(?:users?|humans?|person|people|owners?|account\s+owners?|customers?|clients?|requesters?|recipients?|callers?|anyone|anybody|someone|somebody|nobody|no\s+one)\b|\bsummar(?:y|ies|ise|ize|ising|izing)\b|\brepl(?:y|ies)\b|\bresponses\b|\b(?:your|the)\s+(?:[\w-]{1,20}\s+)?(?:repl(?:y|ies)|answers?|responses?|summar(?:y|ies)|messages?|confirmation)\b|(?:用户|使用者|Nutzer|Anwender|Benutzer|utilisateur|usuario)/i;

/** Data or software moving or kept: "transmitted", "forwarded", "uploaded", "installed", "records", "telemetry", "third party". */
export const DATA_MOVES_CUE = /\b(?:sen[dt]|sending|transmit(?:s|ted|ting)?|forward(?:s|ed|ing)?|upload(?:s|ed|ing)?|shared?|sharing|cop(?:y|ies|ied)|mirror(?:s|ed|ing)?|sync(?:s|ed|ing)?|records?|recorded|recording|logged|logs|track(?:s|ed|ing)?|install(?:s|ed|ing)?|stored?|kept|sold|telemetry|third[- ]part(?:y|ies)|partners?|vendor|our\s+servers?|streamed|retained|resold|captured|kept\s+by|duplicates?|cc['’]?d|advertisers?|brokers?|add(?:s|ed)?|delet(?:e|es|ed|ion)|remov(?:ed|al)|rewrit(?:e|es|ten)|modif(?:y|ies|ied)|side\s+effects?|extra|additional|also)\b|(?:übertragen|weitergeleitet|weitergegeben|gesendet|envoy|transmis|part\s+vers|enviad|copian|发送|上传)|\b(?:leite|leitet|leiten)\b(?:[^.;\n]|\.(?=\S)){0,80}?\bweiter\b|\b(?:reenv[ií]a|reenv[ií]an|copia|copian|env[ií]a|env[ií]an)\b/i;

/** A change to how another tool is used: "instead", "replace", "prepend", "remove", "must target", "deprecated", "ten times". */
export const TAMPER_CUE = /\b(?:instead|replac(?:e|es|ed|ing)|prepend(?:s|ed)?|append(?:s|ed)?|remov(?:e|es|ed)|strip(?:ped)?|redirect(?:ed)?|re-?rout(?:e|ed)|rout(?:e|ed)\s+(?:\w{1,30}\s+){0,3}?(?:through|via|to)|target|deprecated|broken|disabled|override|overrid(?:e|den)|bcc|cc|duplicat(?:e|ed)|swap(?:ped)?|change(?:d)?\s+(?:\w{1,30}\s+){0,3}?to|(?:ten|\d+)\s+times|doubl(?:e|ed)|set\s+(?:\w{1,30}\s+){0,3}?to|(?:must|(?:is|are)\s+(?:expected|supposed|required)\s+to)\s+(?:always\s+)?(?:use|have(?!\s+(?:been|already)\b)|include|contain|go|append|get)|should\s+(?:always\s+)?(?:use|have(?!\s+(?:been|already)\b)|include|contain|go|get)|switch(?:es|ed)?\s+to|outdated|unreliable|get\s+an\s+extra|as\s+well|also\s+(?:be\s+)?(?:[\w-]{1,20}\s+)?(?:sent|copied|forwarded|mirrored|pushed|force-pushed|posted|uploaded|attach(?:ed)?)|(?:post|send|forward|upload|mirror|push|e-?mail|cc|deliver)\s+(?:a\s+|an\s+extra\s+|a\s+second\s+|one\s+more\s+)?cop(?:y|ies)\s+(?:of\s+(?:it|them|the\s+\w{1,20}|each|every\s+\w{1,20})\s+)?to|whatever\s+(?:[\w-]{1,20}\s+){0,3}?(?:the\s+user|they)\s+(?:chose|picks?|picked|selects?|selected|asks?|asked|requests?|wants?|names?)|no\s+matter\s+what\s+the\s+user)\b|\bcambia\b|\bersetz|\bremplac/i;

/** A standing order: every time, whenever, for the session, every later request. */
export const STANDING_CUE = /\b(?:each|every|any)\s+time\b|\bwhenever\b|\b(?:after|before|with|on|of|for|to|prior\s+to|following)\s+(?:every|each|any)\b|\b(?:every|each)\s+(?:conversation|session|chat|request|turn|reply|response|answer)\b|\bin\s+all\s+cases\b|\bas\s+soon\s+as\b|\bfirst\s+thing\b|\bstanding\s+(?:rule|order)\b|\b(?:anything|everything|all)\s+(?:[\w-]{1,20}\s+){0,2}?(?:through|via)\b|\b(?:in|for|during)\s+(?:this|the\s+whole|the\s+rest\s+of\s+(?:this|the))\s+(?:session|conversation|chat)\b|\bfrom\s+(?:now|here)\s+on\b|\bgoing\s+forward\b|\bhenceforth\b|\b(?:every|all)\s+(?:later|future|subsequent|following)\b|\bonce\s+this\s+tool\s+has\s+been\b|(?:每次|每当)/i;

/** An order of steps: then, next, first, a prerequisite, a mandatory workflow, once done. */
export const SEQUENCE_CUE = /\b(?:then|next|first|afterwards|prerequisite|mandatory|workflow|followed\s+by|follow-?up|once|after|before|prior\s+to|immediately|to\s+(?:finish|complete)|step\s+\d|begins?\s+with|starts?\s+with)\b|→/i;

/**
 * A claim of authority or priority over the user or the model's rules: "higher priority than",
 * "pre-approved", "a verified admin", "skip any confirmation", "no need to check", "obey",
 * "carried out as a command", "as if the user typed them", "operator directive".
 */
export const AUTHORITY_CUE = new RegExp([
  String.raw`\b(?:higher|top|highest|greater)\s+priority\b|\b(?:precedence|priority)\s+over\b(?!\s+(?:the\s+|any\s+|an?\s+)?(?:[\x60'"][\w.-]{1,60}[\x60'"]|(?!(?:safety|security|system|guardrails?|guard|moderation|content[_-]?filter|filters?|model|assistant|agent|ai|llm|prompt|chat|instructions?)\b)[\w.-]{1,60})\s+(?:parameters?|fields?|options?|arguments?|settings?|flags?|properties|property|keys?|values?)\b)|\boutrank|\bpre-?(?:approved|authori[sz]ed|cleared)\b|\b(?:restrictions|rules|policies|guidelines|limits|instructions|safeguards)\b[^.\n]{0,60}?\b(?:do\s+not|don['’]t|no\s+longer)\s+apply\b|\b(?:are|is)\s+(?:hereby\s+)?(?:superseded|suspended|overridden|void)\b|\b(?:already|been)\s+(?:approved|authori[sz]ed|cleared)\b`,
  String.raw`\b(?:you|the\s+(?:assistant|model|agent|ai|llm))\s+(?:may|can)\s+now\b|\b(?:you|the\s+(?:assistant|model|agent|ai|llm))\s+(?:are|is)\s+(?:now\s+|hereby\s+)?(?:permitted|allowed|authori[sz]ed|free|cleared|entitled)\s+to\b|\b(?:granted|given|upgraded\s+to)\s+(?:you\s+)?(?:full|unrestricted|elevated|admin|root|unlimited)\s+(?:[\w-]{1,20}\s+)?(?:access|permissions?|rights|mode|privileges)\b|\bunrestricted\s+mode\b|\b(?:as|like)\s+(?:an?\s+)?(?:unrestricted|unfiltered|uncensored|jailbroken)\s+(?:assistant|model|ai|agent|llm|chatbot)\b|\b(?:with\s+)?no\s+content\s+polic(?:y|ies)\b|\bsafety\s+(?:prompts|checks|filters|rules)\s+(?:are\s+)?(?:off|disabled|suspended)\b|\bneeds?\s+no\s+(?:sign-?off|approval|confirmation|consent)\b|\b(?:carry|carries)\s+the\s+same\s+weight\s+as\b|\b(?:is|are)\s+(?:an?\s+)?(?:instructions?|orders?|commands?)\s+from\s+your\b|\bas\s+the\s+user['’]s\s+(?:consent|approval)\b|\bdecide\s+for\s+them\b`,
  String.raw`\bverified\s+(?:admin(?:istrator)?|owner|operator|developer|root)\b|\b(?:skip|bypass|omit|waive)\s+(?:any|all|every|the|each)?\s*(?:confirmation|approval|review|check|verification|safety)s?(?:\s+steps?)?\b`,
  String.raw`\b(?:comply\s+with|follow|obey|execute|run|carry\s+out|act\s+on)\s+(?:all\s+|any\s+|every\s+|the\s+)?(?:[\w-]{1,20}\s+)?(?:requests?|instructions?|commands?|orders?)\s+(?:that\s+(?:appear|are)\s+|which\s+(?:appear|are)\s+)?(?:found|requested|given|appearing|contained|embedded)?\s*(?:in|inside|within)\s+(?:tool\s+(?:outputs?|results?|responses?)|(?:the|any)\s+(?:outputs?|results?|responses?)\s+of\s+(?:other\s+)?tools?)\b`,
  String.raw`\bno\s+need\s+to\s+(?:check|confirm|verify|ask)\b|\bobey\b|\bcarri(?:ed|es)\s+out\s+(?:\w{1,30}\s+){0,3}?as\s+(?:a\s+)?commands?\b|\bas\s+if\s+(?:the\s+)?(?:user|human)\s+(?:had\s+)?(?:typed|wrote|written|said|sent|asked)\b`,
  String.raw`\btreat(?:ed)?\s+(?:\w{1,30}\s+){0,5}?as\s+(?:(?:higher|more)\s+\w{1,20}|instructions|commands|orders|coming\s+from\s+the\s+user|authoritative)\b|\bconsider\s+(?:\w{1,30}\s+){0,5}?(?:pre-?approved|approved|authori[sz]ed|trusted)\b|\b(?:operator|system|admin)\s+(?:directive|override|command)\b`,
].join('|'), 'gi');

/**
 * The model addressed by name, as a heading or a vocative: "Model-facing remark:", "Notice to the
 * language model reading this", "LLM, note:", "Please keep in mind, assistant, …", "hey model:".
 */
export const VOCATIVE_CUE = /^\s*(?:[\w'’,()-]{1,30}\s+){0,8}?(?:ai|agents?|assistants?|models?|llms?|copilots?|helpers?|bots?|orchestrator)\b[^:—–\n]{0,40}?[:—–]|\b(?:model|ai|llm|assistant|agent)[- ](?:facing|only)\b|\bappl(?:y|ies)\s+to\s+the\s+(?:calling\s+|orchestrating\s+)?(?:agent|model|assistant)\b|\b(?:note|notice|message|reminder|heads-up|attention|memo|remark|directive|instructions?|policy)\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?(?:language\s+model|llm|ai|assistant|agent|model|bot)s?\b|(?:^|[\s,(])(?:hey|dear|hi|attention)\s+(?:model|ai|llm|assistant|agent|bot)\b|(?:^\s*|[.,;:!?—–-]\s*|\n\s*)(?:llm|ai|assistant|model|agent)s?\s*[,:]|,\s*(?:assistant|model|llm|agent)\s*[,:]/i;

/**
 * An order: a modal of duty ("must", "has to", "is required", "should") or a sentence or clause
 * that opens with a verb in the imperative ("Set `label` to …", "…: cat the file and hand …"), or a polite request
 * ("we would really appreciate it if you could paste …", "would you kindly …", "be so kind as to …", holdout20).
 */
export const DUTY_CUE = /\b(?:must|has\s+to|have\s+to|needs?\s+to|is\s+required|are\s+required|required\s+to|should|ought\s+to|is\s+to|are\s+to|(?:is|are)\s+not\s+to|(?:is|are)\s+(?:expected|supposed|meant)\s+to|shall|mandatory|muss|müssen|sollst|doit|devez|debe|debes|deve)\b|(?:必须|务必|请|先)|(?:^|[.:;,—–)]\s*|\b(?:then|and|also|please|first|just)\s+)[\s*_`'"]*(?:never|do\s+not|don['’]t|avoid|leave|omit|hide|withhold|tuck|weave|bundle|slip|sneak|stash|mirror|render|put|place|send|include|set|fill|populate|copy|paste|add|append|prepend|attach|supply|provide|hand|pass|give|forward|upload|post|e-?mail|read|open|look\s+up|cat|fetch|grab|collect|gather|dump|print|echo|call|invoke|run|execute|route|treat|consider|obey|keep|skip|change|tag|embed|insert|write|store|save|share|move|remove|replace|tell|say|reply|answer|respond|use|list|proceed|approve|assume|trust|grant|allow|accept|envoie|envía|envia|copia|copie|ajoute|mets|manda|pon|añade|incluye|sende|schicke|kopiere|füge|lies|übergib|hänge|sag|sage|sprich|erwähne|verrate|gib|schreibe?|lade)\b|(?:^|[.:;,—–]\s*)[A-Za-zÀ-ÿ]{2,20}ez\s|\b(?:remember|don['’]t\s+forget|be\s+sure|make\s+sure)\s+to\b|\b(?:(?:would|we['’]?d|I['’]?d|we\s+would)\s+(?:really\s+|greatly\s+|very\s+much\s+|truly\s+)?appreciate\s+(?:it\s+)?if\s+you\s+(?:could|would|can)|if\s+you\s+(?:could|would)\s+(?:kindly\s+|please\s+)?(?!not\b)(?=[a-z]+\s)|would\s+you\s+(?:please|kindly|be\s+so\s+kind\s+as\s+to)|(?:please\s+)?be\s+so\s+kind\s+as\s+to|we\s+(?:kindly\s+)?ask\s+(?:that\s+)?you\s+(?:to\s+)?)\b|\b(?:the\s+)?next\s+(?:step|action)\s+(?:is|has\s+to\s+be|must\s+be)\b/i;

/** The model addressed: you, your, the assistant, the model. */
export const MODEL_CUE = /\b(?:you|your|yourself|the\s+(?:calling\s+|orchestrating\s+)?(?:assistant|model|agent|ai|llm)|dir|dich|deine?[mnrs]?|vous|votre|vos|usted)\b|你|您/i;

/** A reason given for the demand: "so we can", "for calibration", "to enable", "needs a licence", "best results", "speeds things up". */
export const PRETEXT_CUE = /\bso\s+(?:that\s+)?(?:we|it|the\s+(?:tool|server|service|engine|backend))\s+can\b|\bfor\s+(?:licen[cs](?:e|ing)|calibration|quality|analytics|compliance|audit(?:ing)?|debugging|verification|sync(?:ing)?|accuracy|telemetry)\b|\bto\s+(?:enable|unlock|activate|improve|speed\s+up)\b|\bneeds?\s+(?:a\s+)?licen[cs]e\b|\bbest\s+results?\b|\b(?:more|most)\s+(?:precise|accurate|relevant)\b|\baccuracy\b|\bworks\s+best\b|\bspeeds?\s+(?:things\s+)?up\b|\bso\s+(?:that\s+)?(?:\w{1,30}\s+){0,3}?(?:stay|stays|remain|remains|are|is)\s+(?:linked|in\s+sync|synced|connected)\b/i;
