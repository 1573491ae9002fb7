/**
 * Read one regular file out of a gzip-compressed tar archive (an npm package tarball) in memory.
 * Enough of ustar/pax for npm tarballs: 512-byte headers, octal sizes, `prefix` + `name`, and
 * pax `path` records. Pure apart from `node:zlib`'s gunzip.
 *
 * @module
 */
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;
const decoder = new TextDecoder();

function field(header: Uint8Array, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return decoder.decode(end === -1 ? raw : raw.subarray(0, end));
}

function octal(header: Uint8Array, start: number, length: number): number {
  const text = field(header, start, length).trim();
  return text === '' ? 0 : parseInt(text, 8);
}

function paxPath(body: Uint8Array): string | undefined {
  // Records: "<len> <key>=<value>\n"
  let offset = 0;
  while (offset < body.length) {
    const space = body.indexOf(0x20, offset);
    if (space === -1) break;
    const length = parseInt(decoder.decode(body.subarray(offset, space)), 10);
    if (!Number.isFinite(length) || length <= 0) break;
    const record = decoder.decode(body.subarray(space + 1, offset + length - 1));
    const eq = record.indexOf('=');
    if (record.slice(0, eq) === 'path') return record.slice(eq + 1);
    offset += length;
  }
  return undefined;
}

/**
 * Extract one file from a `.tgz`.
 *
 * @param tgz The gzip-compressed tar bytes.
 * @param path The file's path inside the archive (e.g. `package/bin/bun`).
 * @returns The file's bytes.
 * @throws {Error} When the archive holds no regular file at `path`.
 * @example extractFromTgz(readFileSync('oven-bun-linux-x64-1.4.5.tgz'), 'package/bin/bun')
 */
export function extractFromTgz(tgz: Uint8Array, path: string): Uint8Array {
  const tar = gunzipSync(tgz);
  let offset = 0;
  let nextPath: string | undefined;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) break;
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const body = tar.subarray(offset + BLOCK, offset + BLOCK + size);
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x') {
      nextPath = paxPath(body);
      continue;
    }
    if (type === 'g') continue;
    const prefix = field(header, 345, 155);
    const name = nextPath ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    nextPath = undefined;
    if ((type === '0' || type === '\0') && name === path) return new Uint8Array(body);
  }
  throw new Error(`The archive holds no file "${path}"`);
}
