/**
 * Whether a user may execute a file by its permission bits, decided as the kernel decides it for
 * `execve` on POSIX: root may when any execute bit is set; the file's owner by the owner's bit
 * alone (an owner without it is refused even when the group or others have it); a member of the
 * file's group by the group's bit; anyone else by the others' bit. Pure: the caller gives the
 * file's bits and owner and who is asking.
 *
 * @module
 */

/** A file's permission bits and owner, as `stat` gives them. */
export interface FileOwnership {
  /** Permission bits (`0o755`). */
  mode: number;
  /** Owner user id. */
  uid: number;
  /** Owner group id. */
  gid: number;
}

/** Who asks: the effective user id and every group the process is in (effective and supplementary). */
export interface Caller {
  uid: number;
  gids: readonly number[];
}

/** Which class of the mode applies to the caller: the one the kernel looks at. */
export type PermissionClass = 'root' | 'owner' | 'group' | 'other';

/**
 * The class of the file's mode that decides for this caller.
 *
 * @param file The file's owner.
 * @param caller Who asks.
 * @returns `root`, `owner`, `group` or `other`.
 * @example permissionClass({ mode: 0o744, uid: 0, gid: 0 }, { uid: 1000, gids: [1000] }) // 'other'
 */
export function permissionClass(file: FileOwnership, caller: Caller): PermissionClass {
  if (caller.uid === 0) return 'root';
  if (caller.uid === file.uid) return 'owner';
  if (caller.gids.includes(file.gid)) return 'group';
  return 'other';
}

/**
 * Whether the caller may execute the file by its permission bits (ACLs and mount options aside).
 *
 * @param file The file's mode and owner.
 * @param caller Who asks.
 * @returns True when the execute bit that applies to the caller is set.
 * @example mayExecute({ mode: 0o744, uid: 0, gid: 0 }, { uid: 1000, gids: [1000] }) // false
 */
export function mayExecute(file: FileOwnership, caller: Caller): boolean {
  switch (permissionClass(file, caller)) {
    case 'root': return (file.mode & 0o111) !== 0;
    case 'owner': return (file.mode & 0o100) !== 0;
    case 'group': return (file.mode & 0o010) !== 0;
    case 'other': return (file.mode & 0o001) !== 0;
  }
}
