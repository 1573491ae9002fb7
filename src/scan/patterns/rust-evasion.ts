/**
 * Evasion heuristics that exist only in Rust. Rust findings reuse the JavaScript ids where the trick
 * means the same (`evasion.escape-density`, `evasion.high-entropy-literal`, hidden characters); the
 * rows here have no JavaScript counterpart.
 *
 * @module
 */
import type { EvasionRule } from './evasion.ts';

/** Rust-only evasion rule rows. */
export const RUST_EVASION_RULES: readonly EvasionRule[] = [
  { id: 'evasion.rust-macro-path', title: 'A macro_rules! body continues a path of a crate or module with capability rows with a macro parameter (std::$m::$t, libc::$f), so the item it names is chosen at each call site', high: 'never: medium, since the parameter may name anything' },
  { id: 'evasion.rust-raw-syscall', title: 'Makes a raw system call (libc::syscall) whose number is not a SYS_ constant, so what it does is named nowhere in the source', high: 'the number is a literal' },
];
