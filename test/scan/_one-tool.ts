/**
 * The surface findings of one tool, as the surface-misses tests read them: a tool `do_task` with a
 * description and an input schema's properties (by default string parameters `query` and `notes`).
 */
import { scanSurface } from '../../src/scan/scan-surface.ts';
import { materializeToolsList } from '../../src/contract/materialize.ts';
import type { JsonValue } from '../../src/canonical/strict-json.ts';

/** The surface rule ids with their level (`surface.x/error`), sorted, low-confidence ones left out. */
export const found = (description: string, properties: Record<string, JsonValue> = { query: { type: 'string' }, notes: { type: 'string' } }): string[] =>
  scanSurface(materializeToolsList({ tools: [{ name: 'do_task', description, inputSchema: { type: 'object', properties } }] }))
    .filter((f) => f.confidence !== 'low')
    .map((f) => `${f.id}/${f.level}`)
    .sort();

/** Those of {@link found} at level error. */
export const errors = (description: string, properties?: Record<string, JsonValue>): string[] => found(description, properties).filter((f) => f.endsWith('/error'));
