/**
 * Read, check and write the embedded code signature of a 64-bit little-endian Mach-O executable,
 * without macOS and without `codesign`.
 *
 * macOS on Apple Silicon refuses to start a binary whose signature does not match its bytes, and
 * `bun build --compile` appends the program to a signed runtime. Bun re-signs its darwin-arm64
 * output ad hoc, but (in the pinned version) leaves the runtime's original Developer ID signature
 * on darwin-x64, where the page hashes no longer match. {@link adhocSignMacho} writes the same kind
 * of signature that the linker and Bun write: a SuperBlob holding one SHA-256 CodeDirectory,
 * flags `adhoc|linker-signed`, 4096-byte pages, hashed up to the signature's offset.
 * {@link verifyMachoSignature} recomputes every page hash as the kernel and `codesign -v` do.
 *
 * Only the pieces a kernel checks for an ad-hoc signature are written: no requirements,
 * entitlements or CMS blob. Pure: bytes in, bytes out; hashing runs on the WASM core.
 *
 * @module
 */
import { sha256 } from '../../src/canonical/hash.ts';

const MH_MAGIC_64 = 0xfeedfacf;
const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;
const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
const CSMAGIC_CODEDIRECTORY = 0xfade0c02;
const CSSLOT_CODEDIRECTORY = 0;
const CS_ADHOC = 0x2;
const CS_LINKER_SIGNED = 0x20000;
const CS_EXECSEG_MAIN_BINARY = 0x1;
const CS_HASHTYPE_SHA256 = 2;
const CD_VERSION = 0x20400;
const CD_HEADER_SIZE = 88;
const PAGE_SHIFT = 12;
const PAGE_SIZE = 1 << PAGE_SHIFT;
const HASH_SIZE = 32;

/** CPU types of the Mach-O header that we build for. */
export const MACHO_CPU = { x64: 0x01000007, arm64: 0x0100000c } as const;

/** A segment load command, with where its fields sit in the file. */
interface Segment {
  name: string;
  commandOffset: number;
  vmsize: bigint;
  fileoff: bigint;
  filesize: bigint;
}

/** What {@link readMacho} finds in a Mach-O header. */
export interface MachoInfo {
  /** `cputype` of the header (see {@link MACHO_CPU}). */
  cputype: number;
  /** `filetype` (2 = executable). */
  filetype: number;
  /** Segments by name. */
  segments: Map<string, Segment>;
  /** The `LC_CODE_SIGNATURE` command, when there is one. */
  codeSignature: { commandOffset: number; dataoff: number; datasize: number } | undefined;
}

/** The verdict of {@link verifyMachoSignature}. */
export interface MachoSignatureCheck {
  /** True when a CodeDirectory covers the file up to the signature and every page hash matches. */
  valid: boolean;
  /** Why it is not valid (empty when valid). */
  problems: string[];
  /** CodeDirectory flags (e.g. 0x20002 for adhoc|linker-signed), when one was found. */
  flags?: number;
  /** The identifier in the CodeDirectory. */
  identifier?: string;
  /** Number of code pages hashed. */
  pages?: number;
}

/**
 * Parse the header and load commands of a 64-bit little-endian Mach-O file.
 *
 * @param bytes The whole file.
 * @returns CPU type, file type, segments and the code signature command.
 * @throws {Error} When the file is not a 64-bit little-endian Mach-O.
 * @example readMacho(bytes).cputype === MACHO_CPU.arm64
 */
export function readMacho(bytes: Uint8Array): MachoInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 32 || view.getUint32(0, true) !== MH_MAGIC_64) {
    throw new Error('Not a 64-bit little-endian Mach-O file: bad magic');
  }
  const cputype = view.getUint32(4, true);
  const filetype = view.getUint32(12, true);
  const ncmds = view.getUint32(16, true);
  const segments = new Map<string, Segment>();
  let codeSignature: MachoInfo['codeSignature'];
  let offset = 32;
  for (let i = 0; i < ncmds; i++) {
    const cmd = view.getUint32(offset, true);
    const size = view.getUint32(offset + 4, true);
    if (size < 8 || offset + size > bytes.length) throw new Error(`Load command ${i} at ${offset} has bad size ${size}`);
    if (cmd === LC_SEGMENT_64) {
      const name = new TextDecoder('latin1').decode(bytes.subarray(offset + 8, offset + 24)).replace(/\0.*$/s, '');
      segments.set(name, {
        name,
        commandOffset: offset,
        vmsize: view.getBigUint64(offset + 32, true),
        fileoff: view.getBigUint64(offset + 40, true),
        filesize: view.getBigUint64(offset + 48, true),
      });
    } else if (cmd === LC_CODE_SIGNATURE) {
      codeSignature = { commandOffset: offset, dataoff: view.getUint32(offset + 8, true), datasize: view.getUint32(offset + 12, true) };
    }
    offset += size;
  }
  return { cputype, filetype, segments, codeSignature };
}

function pageHashesMatch(bytes: Uint8Array, view: DataView, hashesAt: number, codeLimit: number, pages: number): number {
  let bad = 0;
  for (let page = 0; page < pages; page++) {
    const start = page * PAGE_SIZE;
    const digest = sha256(bytes.subarray(start, Math.min(start + PAGE_SIZE, codeLimit)));
    for (let k = 0; k < HASH_SIZE; k++) {
      if (view.getUint8(hashesAt + page * HASH_SIZE + k) !== digest[k]) {
        bad++;
        break;
      }
    }
  }
  return bad;
}

/**
 * Check the embedded code signature the way the kernel checks an ad-hoc one: find the SHA-256
 * CodeDirectory, require that it covers the file up to the signature, recompute every page hash.
 *
 * @param bytes The whole Mach-O file.
 * @returns Whether the signature is valid, and the problems found.
 * @example verifyMachoSignature(bytes).valid
 */
export function verifyMachoSignature(bytes: Uint8Array): MachoSignatureCheck {
  const info = readMacho(bytes);
  const sig = info.codeSignature;
  if (!sig) return { valid: false, problems: ['no LC_CODE_SIGNATURE: the file is not signed'] };
  const problems: string[] = [];
  if (sig.dataoff + sig.datasize !== bytes.length) {
    problems.push(`signature ends at ${sig.dataoff + sig.datasize}, file is ${bytes.length} bytes`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(sig.dataoff) !== CSMAGIC_EMBEDDED_SIGNATURE) {
    return { valid: false, problems: [...problems, 'no embedded-signature SuperBlob at dataoff'] };
  }
  const count = view.getUint32(sig.dataoff + 8);
  for (let i = 0; i < count; i++) {
    const blob = sig.dataoff + view.getUint32(sig.dataoff + 16 + i * 8);
    if (view.getUint32(blob) !== CSMAGIC_CODEDIRECTORY) continue;
    const hashType = view.getUint8(blob + 37);
    if (hashType !== CS_HASHTYPE_SHA256) continue;
    const flags = view.getUint32(blob + 12);
    const hashOffset = view.getUint32(blob + 16);
    const identOffset = view.getUint32(blob + 20);
    const pages = view.getUint32(blob + 28);
    const codeLimit = view.getUint32(blob + 32);
    const pageSize = 1 << view.getUint8(blob + 39);
    const end = bytes.indexOf(0, blob + identOffset);
    const identifier = new TextDecoder().decode(bytes.subarray(blob + identOffset, end));
    if (codeLimit !== sig.dataoff) problems.push(`CodeDirectory codeLimit ${codeLimit} is not the signature offset ${sig.dataoff}`);
    if (pageSize !== PAGE_SIZE) problems.push(`page size ${pageSize}, expected ${PAGE_SIZE}`);
    if (pages !== Math.ceil(codeLimit / pageSize)) problems.push(`${pages} code slots for codeLimit ${codeLimit}`);
    if (problems.length === 0) {
      const bad = pageHashesMatch(bytes, view, blob + hashOffset, codeLimit, pages);
      if (bad > 0) problems.push(`${bad} of ${pages} page hashes do not match the file`);
    }
    return { valid: problems.length === 0, problems, flags, identifier, pages };
  }
  return { valid: false, problems: [...problems, 'no SHA-256 CodeDirectory in the signature'] };
}

/**
 * Replace the code signature of a Mach-O executable with a fresh ad-hoc one over its current
 * bytes (what `codesign --force --sign -` does for a binary without entitlements). The signature
 * goes where `LC_CODE_SIGNATURE` already points; the file is cut or grown to end with it, and the
 * `__LINKEDIT` segment is resized to match.
 *
 * @param bytes The whole Mach-O file (not modified).
 * @param identifier The signing identifier written into the CodeDirectory.
 * @returns The signed file.
 * @throws {Error} When the file has no `LC_CODE_SIGNATURE`, no `__LINKEDIT` or `__TEXT`, or the
 *   signature is not at the end of `__LINKEDIT`.
 * @example const signed = adhocSignMacho(bytes, 'mcpfusion'); verifyMachoSignature(signed).valid // true
 */
export function adhocSignMacho(bytes: Uint8Array, identifier: string): Uint8Array {
  const info = readMacho(bytes);
  const sig = info.codeSignature;
  const linkedit = info.segments.get('__LINKEDIT');
  const text = info.segments.get('__TEXT');
  if (!sig || !linkedit || !text) throw new Error('Cannot sign: LC_CODE_SIGNATURE, __LINKEDIT or __TEXT is missing');
  const codeLimit = sig.dataoff;
  if (BigInt(codeLimit) < linkedit.fileoff) throw new Error('Cannot sign: the signature is not inside __LINKEDIT');

  const ident = new TextEncoder().encode(identifier);
  const pages = Math.ceil(codeLimit / PAGE_SIZE);
  const identOffset = CD_HEADER_SIZE;
  const hashOffset = identOffset + ident.length + 1;
  const cdLength = hashOffset + pages * HASH_SIZE;
  const superLength = 12 + 8 + cdLength;

  const out = new Uint8Array(codeLimit + superLength);
  out.set(bytes.subarray(0, codeLimit));
  const view = new DataView(out.buffer);
  // Load commands first: they live in page 0, which is hashed below.
  view.setUint32(sig.commandOffset + 12, superLength, true);
  const linkeditSize = BigInt(out.length) - linkedit.fileoff;
  view.setBigUint64(linkedit.commandOffset + 48, linkeditSize, true);
  const pageMask = BigInt(PAGE_SIZE - 1);
  view.setBigUint64(linkedit.commandOffset + 32, (linkeditSize + pageMask) & ~pageMask, true);

  const sb = codeLimit;
  view.setUint32(sb, CSMAGIC_EMBEDDED_SIGNATURE);
  view.setUint32(sb + 4, superLength);
  view.setUint32(sb + 8, 1);
  view.setUint32(sb + 12, CSSLOT_CODEDIRECTORY);
  view.setUint32(sb + 16, 20);
  const cd = sb + 20;
  view.setUint32(cd, CSMAGIC_CODEDIRECTORY);
  view.setUint32(cd + 4, cdLength);
  view.setUint32(cd + 8, CD_VERSION);
  view.setUint32(cd + 12, CS_ADHOC | CS_LINKER_SIGNED);
  view.setUint32(cd + 16, hashOffset);
  view.setUint32(cd + 20, identOffset);
  view.setUint32(cd + 24, 0); // special slots
  view.setUint32(cd + 28, pages);
  view.setUint32(cd + 32, codeLimit);
  view.setUint8(cd + 36, HASH_SIZE);
  view.setUint8(cd + 37, CS_HASHTYPE_SHA256);
  view.setUint8(cd + 38, 0); // platform
  view.setUint8(cd + 39, PAGE_SHIFT);
  // spare2, scatterOffset, teamOffset, spare3, codeLimit64 stay 0.
  view.setBigUint64(cd + 64, text.fileoff);
  view.setBigUint64(cd + 72, text.filesize);
  view.setBigUint64(cd + 80, BigInt(CS_EXECSEG_MAIN_BINARY));
  out.set(ident, cd + identOffset);
  for (let page = 0; page < pages; page++) {
    const start = page * PAGE_SIZE;
    out.set(sha256(out.subarray(start, Math.min(start + PAGE_SIZE, codeLimit))), cd + hashOffset + page * HASH_SIZE);
  }
  return out;
}
