/**
 * Find and read a live server's MCP Fusion manifest (SPEC section 3) from its resource list.
 *
 * The manifest is an optional enrichment: when the resource list holds none, nothing happens;
 * when it holds one, it is read with `resources/read`, parsed with the strict JSON reader and
 * checked in full (`parseFusionManifest`). If the server answers the read with a JSON-RPC error,
 * or the content is not strict JSON or not a well-formed manifest, the manifest is ignored as a
 * whole with a warning, and every tool falls back to the discriminator/`default` rule. Failures of
 * the connection itself (a timeout, the server exiting) are not caught here: they fail the run
 * like any other request.
 *
 * @module
 */
import { parseStrictJson, type JsonValue } from '../canonical/strict-json.ts';
import { InputError } from '../errors.ts';
import { isJsonObject } from '../contract/shape.ts';
import { isFusionManifestResource, parseFusionManifest, undescribedPresenters, type FusionManifest } from '../contract/fusion-manifest.ts';

/**
 * Reads one resource: the raw `resources/read` result, or the text of a JSON-RPC error answer.
 * Anything else (timeouts, a closed connection) is thrown.
 */
export type ResourceReader = (uri: string) => Promise<{ result: unknown } | { error: string }>;

/** What {@link readFusionManifest} found. */
export interface FusionManifestReadResult {
  /** The validated manifest, when one was found and is well-formed. */
  manifest?: FusionManifest;
  /** Warnings for stderr (manifest ignored and why, tools or presenters it cannot account for). */
  warnings: string[];
}

const FALLBACK = 'actions are derived from the tools\' input schemas instead';

/**
 * Find the MCP Fusion manifest among a server's resources and read it.
 *
 * @param resources Every entry of `resources/list`.
 * @param tools Every entry of `tools/list` (to warn about manifest tools the server does not list).
 * @param read Reads one resource over the live connection.
 * @returns The manifest (absent when there is none or it is ignored) and warnings.
 * @throws Whatever `read` throws for a failed connection (the caller turns it into a SourceError).
 * @example await readFusionManifest([], [], async () => ({ error: 'unused' })) // { warnings: [] }
 */
export async function readFusionManifest(
  resources: readonly JsonValue[],
  tools: readonly JsonValue[],
  read: ResourceReader,
): Promise<FusionManifestReadResult> {
  const candidates = resources.filter(isFusionManifestResource);
  if (candidates.length === 0) return { warnings: [] };
  const uris = candidates.map((r) => (isJsonObject(r) ? r['uri'] : undefined));
  if (candidates.length > 1) {
    return { warnings: [`${candidates.length} resources look like an MCP Fusion manifest (${uris.map((u) => JSON.stringify(u)).join(', ')}); none is used and ${FALLBACK}`] };
  }
  const uri = uris[0];
  if (typeof uri !== 'string') {
    return { warnings: [`the MCP Fusion manifest resource has no string "uri"; it is ignored and ${FALLBACK}`] };
  }
  const ignored = (why: string): FusionManifestReadResult => ({
    warnings: [`the MCP Fusion manifest ${JSON.stringify(uri)} is ignored (${why}); ${FALLBACK}`],
  });
  const answer = await read(uri);
  if ('error' in answer) return ignored(`reading it failed: ${answer.error}`);
  const result = answer.result;
  const contents = isJsonObject(result) ? result['contents'] : undefined;
  if (!Array.isArray(contents)) return ignored('the resources/read result has no "contents" array');
  const matching = contents.filter((c) => isJsonObject(c) && c['uri'] === uri);
  const entry = matching.length === 1 ? matching[0] : contents.length === 1 ? contents[0] : undefined;
  if (!isJsonObject(entry)) return ignored(`expected one content entry for ${JSON.stringify(uri)}, found ${contents.length} entries`);
  const text = entry['text'];
  if (typeof text !== 'string') return ignored('its content has no "text" (a manifest is JSON text)');
  let manifest: FusionManifest;
  try {
    manifest = parseFusionManifest(parseStrictJson(text, 'the manifest text'));
  } catch (error) {
    if (error instanceof InputError) return ignored(`malformed: ${error.message}`);
    throw error;
  }
  const warnings: string[] = [];
  const listed = new Set(tools.map((t) => (isJsonObject(t) && typeof t['name'] === 'string' ? t['name'] : undefined)));
  const unlisted = Object.keys(manifest.tools).filter((n) => !listed.has(n)).sort();
  if (unlisted.length > 0) {
    warnings.push(`the MCP Fusion manifest describes tool(s) that tools/list does not list: ${unlisted.map((n) => JSON.stringify(n)).join(', ')}; they are not locked`);
  }
  const missing = undescribedPresenters(manifest);
  if (missing.length > 0) {
    warnings.push(`the MCP Fusion manifest names presenter(s) it does not describe (${missing.join(', ')}); their schema keys and rules are not locked`);
  }
  return { manifest, warnings };
}
