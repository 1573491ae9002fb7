/**
 * What a timeout says of a server still running, silent on stdout, whose stderr says a key or
 * token it needs is missing. @21st-dev/magic without its key prints that it needs one and runs on
 * without answering, so the run ended at the handshake timeout with the generic question whether
 * it is a stdio server at all; its own line, quoted only in the stderr tail below, was the reason.
 *
 * @module
 */
import { shorten } from '../format/shorten.ts';
import { GENERIC } from './unnamed-settings-hint.ts';

/** How much of the line the hint quotes. */
const SHOWN = 200;

/** A credential a server asks for. */
const CREDENTIAL = /\b(?:api[ _-]?keys?|access[ _-]?keys?|tokens?|secrets?|credentials?|passwords?|auth(?:entication|orization)?)\b|\b[A-Z][A-Z0-9]*_(?:API_)?(?:KEY|TOKEN|SECRET|PASSWORD)\b/i;

/** Words saying it is not there. */
const MISSING = /\b(?:required|missing|not (?:set|defined|provided|found|configured|given)|unset|must (?:be )?(?:set|provided?|specif(?:y|ied)))\b|\bno [\w -]{0,20}(?:key|token|secret|credentials?)\b|\bplease (?:provide|set)\b/i;

/** An environment variable's name: upper case with an underscore. */
const VARIABLE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;

/** A command-line option it names for it (`--api-key`). */
const OPTION = /(?:^|\s)(--[a-z][\w-]*(?:key|token|secret|password)[\w-]*)\b/i;

/** A line that says a credential is missing, and the variable and option it names. */
export interface MissingSetting {
  line: string;
  /** The variable to set, when the line names one (one naming a key or token first). */
  variable?: string;
  /** The command-line option, when the line names one. */
  option?: string;
}

/**
 * The last stderr line that says a key or token the server needs is missing, or undefined.
 *
 * @param lines The server's stderr lines kept.
 * @returns The line, trimmed, with the variable and option it names.
 * @example missingSettingLine(['API key is required: set TWENTY_FIRST_API_KEY'])?.variable // 'TWENTY_FIRST_API_KEY'
 */
export function missingSettingLine(lines: readonly string[]): MissingSetting | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    if (!CREDENTIAL.test(line) || !MISSING.test(line)) continue;
    const names = line.match(VARIABLE) ?? [];
    const variable = names.find((n) => /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL/.test(n)) ?? names[0];
    const option = OPTION.exec(line)?.[1];
    return { line, ...(variable !== undefined ? { variable } : {}), ...(option !== undefined ? { option } : {}) };
  }
  return undefined;
}

/**
 * The hint for a server still running that wrote nothing to stdout while its stderr says a key or
 * token is missing, or '' when it says none.
 *
 * @param lines The server's stderr lines kept.
 * @returns The hint, starting with "; ", or ''.
 * @example silentMissingSettingHint(['API key is required. Please provide it via TWENTY_FIRST_API_KEY']) // '; the server wrote nothing to stdout, and its stderr says …'
 */
export function silentMissingSettingHint(lines: readonly string[]): string {
  const seen = missingSettingLine(lines);
  if (seen === undefined) return '';
  return `; the server wrote nothing to stdout, and its stderr says a key or token it needs is missing (${JSON.stringify(shorten(seen.line, SHOWN))}): ` +
    `it likely runs on without serving until it has one, so a longer --handshake-timeout will not help: ${settingFix(seen)}`;
}

/** How to give the server what the line says it lacks. */
function settingFix(seen: MissingSetting): string {
  return seen.variable !== undefined
    ? `give it that setting: --server-env ${seen.variable}=…${seen.option !== undefined ? ` (or its option ${seen.option} in --server)` : ''}`
    : seen.option !== undefined
      ? `give it with its option ${seen.option} in --server, or the environment variable its documentation names (--server-env NAME=value)`
      : 'give it what it names, with --server-env NAME=value or an argument in --server';
}

/**
 * The hint for a server that answered a request with a JSON-RPC error (to `initialize` or
 * `tools/list`, ending the run) while its stderr says a key or token it needs is missing, or ''
 * when it says none. Such an answer rarely names the variable (an SDK turns a handler's throw into
 * `-32603 Internal error`); the line on stderr does (`GITHUB_TOKEN is required`).
 *
 * @param lines The server's stderr lines kept.
 * @returns The hint, starting with "; ", or ''.
 * @example answeredMissingSettingHint(['Error: GITHUB_TOKEN is required']) // '; its stderr says a key or token it needs is missing ("Error: GITHUB_TOKEN is required"), which is likely why it answered with an error: give it that setting: --server-env GITHUB_TOKEN=…'
 */
export function answeredMissingSettingHint(lines: readonly string[]): string {
  const seen = missingSettingLine(lines);
  if (seen === undefined) return '';
  return `; its stderr says a key or token it needs is missing (${JSON.stringify(shorten(seen.line, SHOWN))}), which is likely why it answered with an error: ${settingFix(seen)}`;
}

/** A line about environment variables (`GOOGLE_MAPS_API_KEY environment variable is not set`). */
const ABOUT_ENV = /\benv(?:ironment)?[ _-]?var(?:iable)?s?\b/i;

/**
 * The same in the other languages servers write their errors in: @botrun/mcp-google-drive 0.1.1
 * stops on `Error: 請設定環境變數: GOOGLE_APPLICATION_CREDENTIALS=/path/to/credentials.json` ("please
 * set the environment variable"; servers27), which the English words above never read, so only its
 * stack was quoted. Chinese (both scripts), Japanese, Korean, Spanish, Portuguese, French, Italian,
 * German and Russian; CJK words stand without `\b`, which reads ASCII word characters only.
 */
const ABOUT_ENV_OTHER = /環境變數|環境變量|环境变量|環境変数|환경\s?변수|\bvariables? de (?:entorno|ambiente)\b|\bvariáve(?:l|is) de ambiente\b|\bvariables? d['’]environnement\b|\bvariabil[ei] d['’]ambiente\b|\bUmgebungsvariablen?\b|переменн[а-я]* (?:окружения|среды)/i;

/** Words of the other languages saying one is not there or is to be set (`請設定`, `未设置`, `fehlt`, `manquante` …). */
const MISSING_OTHER = /請設定|请设定|請設置|请设置|未設定|未设定|未設置|未设置|缺少|必須|必须|需要設定|需要设置|設定してください|が必要|설정(?:하세요|해\s?주세요|되지)|필요합니다|누락|\b(?:falta|faltan|requerid[ao]s?|obligatori[ao]s?|obrigatóri[ao]s?|no (?:está|esta|están) (?:definid|configurad|establecid)[ao]s?|não (?:está |estão )?definid[ao]s?|defina|configure|manquantes?|requises?|non définies?|veuillez (?:définir|configurer)|mancant[ei]|richiest[ae]|non (?:è |sono )?impostat[ae]|fehl(?:t|en|ende)|erforderlich|nicht gesetzt|bitte (?:setzen|festlegen|angeben))\b|не (?:задан|установлен|указан)[а-я]*|отсутству[а-я]*|требуется|укажите|задайте/i;

/**
 * The last stderr line that says settings the server needs are not set and names them as
 * environment variables, with the names not given to it, or undefined. A server that exits at
 * start on such a line (@modelcontextprotocol/server-slack 2025.4.25: `Please set SLACK_BOT_TOKEN
 * and SLACK_TEAM_ID environment variables`; @agllama/mcp 0.10.1: `Missing required environment
 * variables: LLAMA_API_URL, LLAMA_API_KEY`; servers25) had the line quoted, and not how to give them.
 *
 * @param lines The server's stderr lines kept.
 * @param isSet Whether a variable is already in the server's environment.
 * @returns The line, trimmed, and the names it gives that were not set, in its order.
 * @example exitedMissingSettings(['Please set SLACK_BOT_TOKEN and SLACK_TEAM_ID environment variables'], () => false)?.names // ['SLACK_BOT_TOKEN', 'SLACK_TEAM_ID']
 */
export function exitedMissingSettings(lines: readonly string[], isSet: (name: string) => boolean): { line: string; names: string[] } | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    if (line.length > 1000) continue;
    const english = MISSING.test(line) && (ABOUT_ENV.test(line) || CREDENTIAL.test(line));
    if (!english && !(MISSING_OTHER.test(line) && (ABOUT_ENV_OTHER.test(line) || CREDENTIAL.test(line)))) continue;
    const named = [...new Set(line.match(VARIABLE) ?? [])].filter((n) => !GENERIC.test(n));
    if (named.length === 0) continue;
    const names = named.filter((n) => !isSet(n));
    // Each one it names is set: its value is what it refuses, which the line itself says.
    return names.length === 0 ? undefined : { line, names };
  }
  return undefined;
}

/**
 * The hint for a server that exited at start saying environment variables it needs are not set,
 * naming them, or '' when none.
 *
 * @param lines The server's stderr lines kept.
 * @param isSet Whether a variable is already in the server's environment.
 * @returns The hint, starting with "; ", or ''.
 * @example exitedMissingSettingHint(['GOOGLE_MAPS_API_KEY environment variable is not set'], () => false) // '; it stopped saying settings it needs are not set ("GOOGLE_MAPS_API_KEY environment variable is not set"): give them with --server-env GOOGLE_MAPS_API_KEY=…'
 */
export function exitedMissingSettingHint(lines: readonly string[], isSet: (name: string) => boolean): string {
  const seen = exitedMissingSettings(lines, isSet);
  if (seen === undefined) return '';
  const shown = seen.names.slice(0, 8).map((n) => `--server-env ${n}=…`).join(' ');
  return `; it stopped saying settings it needs are not set (${JSON.stringify(shorten(seen.line, SHOWN))}): give ${seen.names.length === 1 ? 'it' : 'them'} with ${shown}` +
    (seen.names.length > 8 ? ` and ${seen.names.length - 8} more it names` : '');
}
