/**
 * The length limits of file names and paths, and how a path over them is named in messages.
 *
 * @module
 */
import { sep } from 'node:path';

/** The longest file name most file systems take (NAME_MAX of ext4, XFS, APFS, NTFS in bytes or units). */
export const NAME_MAX_BYTES = 255;

/** The longest path Linux takes in one call (PATH_MAX). */
const PATH_MAX_BYTES = 4096;

/**
 * Why a path the system refused with ENAMETOOLONG is too long: its longest part (a file or folder
 * name over {@link NAME_MAX_BYTES}), else the whole path.
 *
 * @param path The path refused.
 * @returns `its name is longer than the file system takes (300 bytes; most take 255)`, or the folder's.
 * @example nameTooLongReason('/tmp/' + 'a'.repeat(300))
 */
export function nameTooLongReason(path: string): string {
  const parts = path.split(sep).filter((part) => part !== '');
  const last = parts.at(-1) ?? '';
  const longest = parts.reduce((a, b) => (Buffer.byteLength(b) > Buffer.byteLength(a) ? b : a), '');
  const bytes = Buffer.byteLength(longest);
  if (bytes > NAME_MAX_BYTES) {
    const whose = longest === last ? 'its name' : `the folder name "${longest.slice(0, 24)}…"`;
    return `${whose} is longer than the file system takes (${bytes} bytes; most take ${NAME_MAX_BYTES})`;
  }
  return `the path is longer than the system takes (${Buffer.byteLength(path)} bytes; Linux takes ${PATH_MAX_BYTES})`;
}
