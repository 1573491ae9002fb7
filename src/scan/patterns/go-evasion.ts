/**
 * Evasion heuristics that exist only in Go. Go findings reuse the JavaScript ids where the trick
 * means the same (`evasion.from-char-code` for `string([]byte{…})` and `string(rune(…))` chains,
 * `evasion.base64-decode` for base64 and hex decoders of literals, `evasion.escape-density`,
 * `evasion.high-entropy-literal`, hidden characters); the rows here have no JavaScript counterpart.
 *
 * @module
 */
import type { EvasionRule } from './evasion.ts';

/** Go-only evasion rule rows. */
export const GO_EVASION_RULES: readonly EvasionRule[] = [
  { id: 'evasion.go-linkname', title: 'A //go:linkname directive binds a local name to another package\'s unexported function or variable, or to a symbol outside Go (a C library function the file imports with //go:cgo_import_dynamic), reaching code its package does not export', high: 'the target is in a package with capability rows (os, os/exec, syscall, net, ...) or its name names a capability (forkExec, ...)' },
  { id: 'evasion.go-reflect-call', title: 'Looks a method up by name through reflect (Value.MethodByName, Type.MethodByName), so the method called is not written in the source', high: 'the name is built from literals (concatenation, base64) and names a capability' },
  { id: 'evasion.go-raw-syscall', title: 'Makes a raw system call (Syscall, Syscall6, RawSyscall, ... of syscall or golang.org/x/sys/unix) whose number is not a SYS_ constant, so what it does is named nowhere in the source', high: 'the number is a literal' },
];
