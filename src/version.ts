/**
 * The mcpfusion version (from package.json; inlined by the bundler).
 *
 * @module
 */
import pkg from '../package.json' with { type: 'json' };

/** This release's version, written into lockfiles as `mcpfusionVersion`. */
export const VERSION: string = pkg.version;
