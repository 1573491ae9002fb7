/**
 * Every CLI command, listed once. Add a command: one file in this folder exporting a
 * `CommandSpec`, one import and one entry here.
 *
 * @module
 */
import type { CommandSpec } from './command.ts';
import { canonicalizeCommand } from './canonicalize.ts';
import { checkCommand } from './check.ts';
import { diffCommand } from './diff.ts';
import { digestCommand } from './digest.ts';
import { inspectCommand } from './inspect.ts';
import { lockCommand } from './lock.ts';
import { attestCommand } from './attest.ts';
import { guardCommand } from './guard.ts';
import { scanCommand } from './scan.ts';
import { probeCommand } from './probe.ts';

/** All commands in help order. */
export const COMMANDS: CommandSpec[] = [
  lockCommand,
  checkCommand,
  diffCommand,
  digestCommand,
  inspectCommand,
  canonicalizeCommand,
  attestCommand,
  guardCommand,
  scanCommand,
  probeCommand,
];
