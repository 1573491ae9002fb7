/**
 * The actions of a tool (SPEC section 3): from the config overlay when it lists them; else one
 * action per value of an `action` discriminator in the input schema, with per-action required
 * fields from the `oneOf`/`anyOf` branch that fixes that value; else a single action `default`.
 *
 * Per action: `requiredFields` = the root `required` plus the matching branch's, sorted and
 * without duplicates; the action-level schema is the one matching branch (normalized), else the
 * tool's whole input schema; it is kept on the action (`inputSchema`) and its digest is
 * `sha256(canonical(schema))`. Flags follow the MCP
 * defaults over the tool's annotations, with the overlay's flags standing in for the hints.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import { canonicalDigest } from '../canonical/jcs.ts';
import { sortCodeUnits } from '../canonical/digest.ts';
import { annotationFlags } from './annotations.ts';
import type { ActionOverlay } from './overlay.ts';
import type { ActionContract } from './types.ts';

type JsonObject = { [key: string]: JsonValue };

function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The property name that discriminates actions in a multi-action tool. */
export const ACTION_DISCRIMINATOR = 'action';

function stringsOf(v: JsonValue | undefined): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

function requiredOf(schema: JsonValue | undefined): string[] {
  return isObject(schema) ? stringsOf(schema['required']) : [];
}

/** Values a discriminator property schema allows: its `const`, else its string `enum`. */
function discriminatorValues(property: JsonValue | undefined): string[] {
  if (!isObject(property)) return [];
  if (typeof property['const'] === 'string') return [property['const']];
  return stringsOf(property['enum']);
}

function branches(schema: JsonObject): JsonObject[] {
  return [...(Array.isArray(schema['oneOf']) ? schema['oneOf'] : []), ...(Array.isArray(schema['anyOf']) ? schema['anyOf'] : [])]
    .filter(isObject);
}

function branchValues(branch: JsonObject): string[] {
  const props = branch['properties'];
  return isObject(props) ? discriminatorValues(props[ACTION_DISCRIMINATOR]) : [];
}

/** One derived action before flags are applied. */
export interface DerivedAction {
  key: string;
  requiredFields: string[];
  /** The action-level schema (normalized). */
  inputSchema: JsonValue;
}

/**
 * Derive actions from a normalized input schema: one per `action` discriminator value, else `default`.
 *
 * @param inputSchema The tool's normalized input schema.
 * @returns Actions in code-unit order of their keys.
 * @example deriveActions({ type: 'object', properties: { action: { enum: ['get', 'set'] } } }).map((a) => a.key) // ['get', 'set']
 */
export function deriveActions(inputSchema: JsonValue): DerivedAction[] {
  const rootRequired = requiredOf(inputSchema);
  const whole = (): DerivedAction[] => [{ key: 'default', requiredFields: unique(rootRequired), inputSchema }];
  if (!isObject(inputSchema)) return whole();
  const props = inputSchema['properties'];
  const rootValues = isObject(props) ? discriminatorValues(props[ACTION_DISCRIMINATOR]) : [];
  const branchList = branches(inputSchema);
  const values = rootValues.length > 0 ? rootValues : branchList.flatMap(branchValues);
  if (values.length === 0) return whole();
  return unique(values).map((key) => {
    const matching = branchList.filter((b) => branchValues(b).includes(key));
    return {
      key,
      requiredFields: unique([...rootRequired, ...matching.flatMap(requiredOf)]),
      inputSchema: matching.length === 1 ? matching[0]! : inputSchema,
    };
  });
}

/** The tool's hints with the overlay's flags in their place (the overlay stands in for the server). */
function withOverlayHints(annotations: JsonValue | undefined, o: ActionOverlay): JsonObject {
  const hints: JsonObject = isObject(annotations) ? { ...annotations } : {};
  if (o.readOnly !== undefined) hints['readOnlyHint'] = o.readOnly;
  if (o.destructive !== undefined) hints['destructiveHint'] = o.destructive;
  if (o.idempotent !== undefined) hints['idempotentHint'] = o.idempotent;
  if (o.openWorld !== undefined) hints['openWorldHint'] = o.openWorld;
  return hints;
}

function unique(values: readonly string[]): string[] {
  return sortCodeUnits([...new Set(values)]);
}

/** Everything needed to turn derived actions and an overlay into action contracts. */
export interface BuildActionsInput {
  /** The tool's normalized input schema. */
  inputSchema: JsonValue;
  /** The tool's MCP `annotations` (hints), when given. */
  annotations?: JsonValue;
  /** The tool-level presenter name from the overlay. */
  presenter?: string;
  /** The `actions` map of the tool overlay, when given. */
  overlay?: Record<string, ActionOverlay>;
}

/**
 * Build the action contracts of a tool.
 *
 * @param input Schema, annotation flags, presenter and action overlay.
 * @returns Action contracts keyed by action key.
 * @example buildActions({ inputSchema: { type: 'object' } }).default.destructive // true
 */
export function buildActions(input: BuildActionsInput): Record<string, ActionContract> {
  const derived = deriveActions(input.inputSchema);
  const byKey = new Map(derived.map((a) => [a.key, a]));
  const keys = input.overlay ? sortCodeUnits(Object.keys(input.overlay)) : derived.map((a) => a.key);
  const fallback: DerivedAction = { key: '', requiredFields: unique(requiredOf(input.inputSchema)), inputSchema: input.inputSchema };
  const actions: Record<string, ActionContract> = {};
  // The actions of an `action` enum share the tool's schema (one object): its digest is computed
  // once, not once per action (a server's enum of 8000 values took 72 s to digest so).
  const digests = new Map<JsonValue, string>();
  const digestOf = (schema: JsonValue): string => {
    let d = digests.get(schema);
    if (d === undefined) digests.set(schema, (d = canonicalDigest(schema)));
    return d;
  };
  for (const key of keys) {
    const base = byKey.get(key) ?? fallback;
    const o: ActionOverlay = input.overlay?.[key] ?? {};
    const flags = annotationFlags(withOverlayHints(input.annotations, o));
    const action: ActionContract = {
      destructive: flags.destructive,
      idempotent: flags.idempotent,
      readOnly: flags.readOnly,
      requiredFields: o.requiredFields ? unique(o.requiredFields) : base.requiredFields,
      inputSchemaDigest: digestOf(base.inputSchema),
      inputSchema: base.inputSchema,
      hasMiddleware: o.hasMiddleware ?? false,
    };
    if (o.description !== undefined) action.description = o.description;
    const presenter = o.presenter ?? input.presenter;
    if (presenter !== undefined) action.presenterName = presenter;
    if (flags.openWorld !== undefined) action.openWorld = flags.openWorld;
    Object.defineProperty(actions, key, { value: action, enumerable: true, writable: true, configurable: true });
  }
  return actions;
}
