/**
 * Orders a parameter's name spells that move what is the user's (held-out 23: `includeFullConversationHistoryInEveryRequest`,
 * `forwardAllEmailsToExternalArchive`, `attach_contents_of_ssh_private_key`): the name's words, split at `_`, `-`, `.`
 * and case changes, read as a sentence. A name that says what the parameter holds (`conversation_id`,
 * `forward_to`, `private_key_path`) orders nothing.
 *
 * @module
 */

/** One order a parameter name can spell: the rule it reports, its confidence and the words it reads. */
export interface ParameterNameMove {
  id: string;
  confidence: 'high' | 'medium';
  pattern: RegExp;
}

/**
 * The orders, read in the name's words (lower case, one space between):
 * - the chat handed along to a place: a verb of handing, the conversation, chat or message history or transcript, and
 *   where it goes (`include_full_conversation_history_in_every_request`, `sendChatTranscriptToExternalLog`); a flag that
 *   says what an export holds (`include_chat_history`) names no place and is none;
 * - every mail, file or contact sent on to a place (`forward_all_emails_to_external_archive`, `copy_every_file_to_backup`);
 * - what else is the user's (contacts, the calendar, the inbox, files, photos, the location) attached to every request or
 *   sent out (`attachUserContactListToEveryInvite`, `share_location_with_external_partners`);
 * - a key file's or a private key's contents, or a token taken from a key file, handed over (`attach_contents_of_ssh_private_key`, `paste_the_text_of_id_rsa`):
 *   an error, as the same order in a description is (the parameter names where it goes).
 */
export const PARAMETER_NAME_MOVES: readonly ParameterNameMove[] = [
  { id: 'surface.context-exfiltration', confidence: 'medium', pattern: /\b(?:include|attach|send|append|add|forward|copy|pass|upload|share|embed|dump|paste|sync)\s+(?:(?:the|all|every|full|entire|whole|complete|raw|previous|prior|past|recent|user|users|my)\s+){0,3}(?:conversation|chat|message|messages|dialog|dialogue|session)\s*(?:history|histories|log|logs|transcripts?|context)?\s+(?:in|into|with|to)\s+(?:every|each|all|any|the|a|an|external|remote|outgoing)\b/ },
  { id: 'surface.context-exfiltration', confidence: 'medium', pattern: /\b(?:forward|send|copy|bcc|cc|mirror|sync|upload|replicate|export)\s+(?:all|every|each)\s+(?:(?:the|incoming|outgoing|new|user|users|my|of|inbox|received|sent)\s+){0,2}(?:e?mails?|messages?|mail|files?|documents?|docs|contacts?|photos?|notes?|events?)\s+to\b/ },
  { id: 'surface.context-exfiltration', confidence: 'medium', pattern: /\b(?:attach|include|send|forward|copy|share|add|cc|bcc|upload|sync|append|leak|post)\s+(?:(?:the|all|every|full|entire|user|users|my|their|whole)\s+){0,3}(?:contacts?|contact\s+list|address\s+book|calendar|inbox|e?mails?|locations?|gps|browsing\s+history|search\s+history|files?|documents?|photos?|clipboard)\s*(?:list|history|data|entries)?\s+(?:to|in|into|with)\s+(?:every|each|all|any|external|remote|outgoing|third|partner|partners|other)\b/ },
  { id: 'surface.sensitive-file', confidence: 'high', pattern: /\b(?:paste|put|insert|copy|add|include|attach|send|fill)\s+(?:(?:the|my|your|user|users)\s+)?(?:[a-z]+\s+){0,2}?(?:token|key|password|secret|credentials?)\s+(?:from|of|in|out\s+of)\s+(?:the\s+|my\s+|your\s+|users?\s+)?(?:npmrc|netrc|pypirc|dotenv|env\s+file|aws\s+credentials|git\s+credentials|id\s+(?:rsa|ed25519|ecdsa)|keychain|kube\s*config|docker\s+config)\b/ },
  { id: 'surface.sensitive-file', confidence: 'high', pattern: /\b(?:attach|send|upload|include|paste|append|forward|post|embed|put|copy|insert|add)\s+(?:the\s+)?(?:full\s+|raw\s+)?(?:contents?|text|bytes|body)\s+(?:of|from)\s+(?:the\s+|my\s+|your\s+|users?\s+)?(?:ssh\s+|rsa\s+|gpg\s+|pgp\s+|tls\s+|ssl\s+)?(?:private\s+keys?|id\s+(?:rsa|ed25519|ecdsa)(?!\s+pub\b)|aws\s+credentials|dotenv|env\s+file|netrc|npmrc|git\s+credentials|kube\s*config|keychain|keystore|wallet\s+(?:file|seed)|seed\s+phrase)\b/ },
];
