/**
 * The `mcpfusion/attest` package entry: the attestation API with its runtime defaults installed
 * (see `attest-defaults.ts`).
 *
 * @module
 */
import './attest-defaults.ts';

export * from './attest/mod.ts';
