/**
 * The client identity mcpfusion sends in `initialize`, apart from the SDK client that sends it
 * (so that naming it loads no SDK module).
 *
 * @module
 */
import { VERSION } from '../version.ts';

/** Client identity sent in `initialize`. */
export const CLIENT_INFO = { name: 'mcpfusion', version: VERSION } as const;
