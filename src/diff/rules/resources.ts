/**
 * Resource rules: MCP resources and resource templates, keyed by URI or URI template.
 *
 * @module
 */
import type { ResourceRule, StructuralRule } from '../rule.ts';
import { whenChanged } from './_compare.ts';

/** The resource rows, in report order. */
export const RESOURCE_RULES: readonly (ResourceRule | StructuralRule)[] = [
  { id: 'resources.resource-added', verdict: 'SAFE', field: 'resources.*', scope: 'structural' },
  { id: 'resources.resource-removed', verdict: 'BREAKING', field: 'resources.*', scope: 'structural' },
  {
    id: 'resources.resource-moved', verdict: 'BREAKING', field: 'uri', scope: 'resource',
    detect: (b, a) => whenChanged('uri', b.uri, a.uri),
  },
  {
    id: 'resources.kind-changed', verdict: 'BREAKING', field: 'kind', scope: 'resource',
    detect: (b, a) => whenChanged('kind', b.kind, a.kind),
  },
  {
    id: 'resources.name-changed', verdict: 'COSMETIC', field: 'name', scope: 'resource',
    detect: (b, a) => whenChanged('name', b.name, a.name),
  },
  {
    id: 'resources.title-changed', verdict: 'COSMETIC', field: 'title', scope: 'resource',
    detect: (b, a) => whenChanged('title', b.title, a.title),
  },
  {
    id: 'resources.description-changed', verdict: 'COSMETIC', security: true, field: 'description', scope: 'resource',
    detect: (b, a) => whenChanged('description', b.description, a.description),
  },
  {
    id: 'resources.mime-type-added', verdict: 'SAFE', field: 'mimeType', scope: 'resource',
    detect: (b, a) => (b.mimeType === null && a.mimeType !== null ? [{ field: 'mimeType', before: null, after: a.mimeType }] : []),
  },
  {
    id: 'resources.mime-type-removed', verdict: 'RISKY', field: 'mimeType', scope: 'resource',
    detect: (b, a) => (b.mimeType !== null && a.mimeType === null ? [{ field: 'mimeType', before: b.mimeType, after: null }] : []),
  },
  {
    id: 'resources.mime-type-changed', verdict: 'BREAKING', field: 'mimeType', scope: 'resource',
    detect: (b, a) => (b.mimeType !== null && a.mimeType !== null ? whenChanged('mimeType', b.mimeType, a.mimeType) : []),
  },
  { id: 'resources.unclassified-change', verdict: 'BREAKING', field: 'resource', scope: 'structural' },
];
