/**
 * The runtime defaults of the attestation core for library callers, installed by the package
 * entries (`mcpfusion`, `mcpfusion/attest`) when they load: an `hmac` config without `production`
 * refuses short secrets when `NODE_ENV` is `production`, and one without `onWarning` warns through
 * `console.warn`. The core itself (`src/attest`) reads no environment and prints nothing.
 *
 * @module
 */
import process from 'node:process';
import { setZeroTrustDefaults } from './attest/zero-trust-config.ts';

setZeroTrustDefaults({
  production: () => {
    try {
      return process.env['NODE_ENV'] === 'production';
    } catch {
      return false; // Deno without --allow-env: not known, so not production
    }
  },
  onWarning: (warning) => console.warn(`mcpfusion: warning: ${warning.message}`),
});
