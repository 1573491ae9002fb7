/**
 * Which `serverName` `lock` records, and the notes it writes about it. `serverName` feeds no
 * digest: a lockfile whose digests are unchanged keeps the name it has unless the user names the
 * server (`--name`, the config's `serverName`), so a server that calls itself something new at
 * every start (FastMCP's made-up `FastMCP-1a2b` when it is given no name) does not rewrite an
 * up-to-date lockfile on every `lock` (SPEC §5: lock is idempotent).
 *
 * @module
 */
import { spellName } from '../scan/patterns/confusables.ts';

/** What the name to record is chosen from. */
export interface ServerNameInputs {
  /** `--name`, else the config's `serverName`: the user's choice. */
  chosen?: string;
  /** What the source calls itself (`serverInfo.name`, a contracts file's `serverName`). */
  fromSource?: string;
  /** The name in the existing lockfile. */
  previous?: string;
  /** The existing lockfile's digests are those of this run (nothing that feeds one changed). */
  unchanged: boolean;
}

/**
 * The name `lock` records: the user's choice; else, for a lockfile whose digests are unchanged,
 * the name it has; else the source's own; else the old lockfile's; else `mcp-server`.
 *
 * @param inputs What the name is chosen from.
 * @returns The name to record.
 * @example recordedServerName({ fromSource: 'FastMCP-da4c', previous: 'FastMCP-15bc', unchanged: true }) // 'FastMCP-15bc'
 */
export function recordedServerName(inputs: ServerNameInputs): string {
  if (inputs.chosen !== undefined) return inputs.chosen;
  if (inputs.unchanged && inputs.previous !== undefined) return inputs.previous;
  return inputs.fromSource ?? inputs.previous ?? 'mcp-server';
}

/** FastMCP's name for a server given none: the class name, `-` and two random bytes in hex. */
const FASTMCP_MADE_UP = /^FastMCP-[0-9a-f]{4}$/;

/**
 * The notes about the name: one when an unchanged lockfile keeps its name though the source now
 * gives another, one when the name the source gives is one FastMCP made up at random.
 *
 * @param inputs What the name was chosen from.
 * @param recorded The name recorded ({@link recordedServerName}).
 * @param redact How output hides the secrets given to a live server this run.
 * @returns The note lines, without newlines; empty when there is nothing to say.
 * @example serverNameNotes({ fromSource: 'FastMCP-da4c', previous: 'FastMCP-15bc', unchanged: true }, 'FastMCP-15bc')
 */
export function serverNameNotes(inputs: ServerNameInputs, recorded: string, redact?: (text: string) => string): string[] {
  const shown = (name: string) => `"${spellName(redact?.(name) ?? name)}"`;
  const notes: string[] = [];
  const made = inputs.chosen === undefined && inputs.fromSource !== undefined && FASTMCP_MADE_UP.test(inputs.fromSource);
  if (inputs.chosen === undefined && inputs.fromSource !== undefined && inputs.fromSource !== recorded) {
    notes.push(`note: the source now gives its name as ${shown(inputs.fromSource)}, the lockfile keeps ${shown(recorded)}: serverName feeds no digest, so a lockfile whose digests are unchanged is left as it is` +
      (made ? '' : `; to record the new name, lock --name ${shown(inputs.fromSource)} (or set "serverName" in the config)`));
  }
  if (made) {
    notes.push(`note: the server's name ${shown(inputs.fromSource!)} is one FastMCP makes up for a server given none ("FastMCP-" and 4 random hex digits, new at every start), so a lockfile written afresh records another name each time; give the server a name (FastMCP("my-server")), or lock with --name, or set "serverName" in the config`);
  }
  return notes;
}
