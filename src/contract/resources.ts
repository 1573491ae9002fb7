/**
 * Resource and resource-template contracts from MCP `resources/list` and
 * `resources/templates/list` entries: `kind`, `uri` (the URI, or the URI template), `name`,
 * `title|null`, `description|null`, `mimeType|null`. Keyed by `uri` in the contract set; the
 * digest is defined in `src/canonical/digest.ts`.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import type { ShapeReader } from './shape.ts';
import type { ResourceContract } from './types.ts';

/**
 * Materialize one resource (`kind: 'resource'`, key `uri`) or template (`kind: 'template'`, key
 * `uriTemplate`), recording shape problems in `reader`.
 *
 * @param entry One entry of `resources/list` or `resources/templates/list`.
 * @param kind Which list it came from.
 * @param path Its JSON path, for problems.
 * @param reader Collects problems.
 * @returns The contract, or undefined when the entry is not an object.
 * @example materializeResource({ uri: 'file:///a', name: 'a' }, 'resource', '$.resources[0]', new ShapeReader())
 */
export function materializeResource(
  entry: JsonValue,
  kind: ResourceContract['kind'],
  path: string,
  reader: ShapeReader,
): ResourceContract | undefined {
  const r = reader.object(entry, path);
  if (!r) return undefined;
  return {
    kind,
    uri: reader.string(r, kind === 'resource' ? 'uri' : 'uriTemplate', path),
    name: reader.string(r, 'name', path),
    title: reader.nullableString(r, 'title', path),
    description: reader.nullableString(r, 'description', path),
    mimeType: reader.nullableString(r, 'mimeType', path),
  };
}
