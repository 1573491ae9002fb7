/**
 * Tell an executable's format and CPU from its headers (ELF, Mach-O, PE), and for ELF the
 * program interpreter and the shared libraries it needs (`DT_NEEDED`): what `file` and
 * `readelf -d` would say, without either. Used after the build and by the structural tests.
 *
 * @module
 */

/** What {@link inspectExecutable} found. */
export interface ExecutableInfo {
  /** The container format. */
  format: 'elf' | 'macho' | 'pe';
  /** The CPU architecture. */
  arch: 'x64' | 'arm64' | 'other';
  /** ELF only: the `PT_INTERP` path (the dynamic loader). */
  interpreter?: string;
  /** ELF only: the `DT_NEEDED` shared libraries, in file order. */
  needed?: string[];
  /** PE only: the size of the Authenticode certificate table (0 when unsigned). */
  peCertificateBytes?: number;
}

const decoder = new TextDecoder();

function cString(bytes: Uint8Array, offset: number): string {
  const end = bytes.indexOf(0, offset);
  return decoder.decode(bytes.subarray(offset, end === -1 ? bytes.length : end));
}

function inspectElf(bytes: Uint8Array, view: DataView): ExecutableInfo {
  if (bytes[4] !== 2 || bytes[5] !== 1) throw new Error('Only 64-bit little-endian ELF files are supported');
  const machine = view.getUint16(18, true);
  const arch = machine === 0x3e ? 'x64' : machine === 0xb7 ? 'arm64' : 'other';
  const phoff = Number(view.getBigUint64(32, true));
  const phentsize = view.getUint16(54, true);
  const phnum = view.getUint16(56, true);
  const loads: { vaddr: number; offset: number; filesz: number }[] = [];
  let interpreter: string | undefined;
  let dynamic: { offset: number; size: number } | undefined;
  for (let i = 0; i < phnum; i++) {
    const ph = phoff + i * phentsize;
    const type = view.getUint32(ph, true);
    const offset = Number(view.getBigUint64(ph + 8, true));
    const vaddr = Number(view.getBigUint64(ph + 16, true));
    const filesz = Number(view.getBigUint64(ph + 32, true));
    if (type === 1) loads.push({ vaddr, offset, filesz });
    if (type === 3) interpreter = cString(bytes, offset);
    if (type === 2) dynamic = { offset, size: filesz };
  }
  const needed: string[] = [];
  if (dynamic) {
    const neededOffsets: number[] = [];
    let strtab = 0;
    for (let at = dynamic.offset; at + 16 <= dynamic.offset + dynamic.size; at += 16) {
      const tag = Number(view.getBigInt64(at, true));
      const value = Number(view.getBigUint64(at + 8, true));
      if (tag === 0) break;
      if (tag === 1) neededOffsets.push(value);
      if (tag === 5) strtab = value;
    }
    const load = loads.find((l) => strtab >= l.vaddr && strtab < l.vaddr + l.filesz);
    if (load) {
      const strtabOffset = strtab - load.vaddr + load.offset;
      for (const n of neededOffsets) needed.push(cString(bytes, strtabOffset + n));
    }
  }
  return { format: 'elf', arch, ...(interpreter === undefined ? {} : { interpreter }), needed };
}

function inspectPe(view: DataView): ExecutableInfo {
  const pe = view.getUint32(0x3c, true);
  if (view.getUint32(pe, true) !== 0x00004550) throw new Error('MZ file without a PE signature');
  const machine = view.getUint16(pe + 4, true);
  const arch = machine === 0x8664 ? 'x64' : machine === 0xaa64 ? 'arm64' : 'other';
  const optional = pe + 24;
  if (view.getUint16(optional, true) !== 0x20b) throw new Error('Only PE32+ files are supported');
  const certificateTable = optional + 112 + 4 * 8;
  return { format: 'pe', arch, peCertificateBytes: view.getUint32(certificateTable + 4, true) };
}

/**
 * Read an executable's format and architecture from its first bytes.
 *
 * @param bytes The whole file.
 * @returns Format, architecture, and format-specific details.
 * @throws {Error} When the format is none of ELF 64, Mach-O 64 or PE32+.
 * @example inspectExecutable(readFileSync('dist/bin/mcpfusion-linux-arm64')) // { format: 'elf', arch: 'arm64', … }
 */
export function inspectExecutable(bytes: Uint8Array): ExecutableInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 64 && bytes[0] === 0x7f && bytes[1] === 0x45 && bytes[2] === 0x4c && bytes[3] === 0x46) {
    return inspectElf(bytes, view);
  }
  if (bytes.length >= 32 && view.getUint32(0, true) === 0xfeedfacf) {
    const cpu = view.getUint32(4, true);
    return { format: 'macho', arch: cpu === 0x01000007 ? 'x64' : cpu === 0x0100000c ? 'arm64' : 'other' };
  }
  if (bytes.length >= 64 && bytes[0] === 0x4d && bytes[1] === 0x5a) return inspectPe(view);
  throw new Error('Unknown executable format: not ELF 64, Mach-O 64 or PE32+');
}
