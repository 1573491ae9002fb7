/**
 * The shape of `mcpfusion.jsonc`, declared once: the validator (`config.ts`) walks it, and the
 * shipped JSON Schema (`schema/mcpfusion.schema.json`, for editor completion) is generated from
 * it by `scripts/config-schema.ts`, so the two cannot drift apart (a test compares them).
 *
 * @module
 */
import { ENTITLEMENT_FAMILIES } from '../contract/types.ts';
import { MAX_TIMEOUT_MS } from './timeouts.ts';

/** One node of the config shape. */
export type ConfigShape =
  | { kind: 'string'; description: string; nonEmpty?: boolean }
  | { kind: 'integer'; description: string; minimum: number; maximum?: number }
  | { kind: 'boolean'; description: string }
  | { kind: 'enum'; description: string; values: readonly string[] }
  | { kind: 'nullable'; description: string; of: ConfigShape }
  | { kind: 'array'; description: string; items: ConfigShape }
  | { kind: 'object'; description: string; fields: Record<string, ConfigShape> }
  | { kind: 'map'; description: string; values: ConfigShape }
  | { kind: 'either'; description: string; options: readonly ConfigShape[] };

const str = (description: string, nonEmpty = true): ConfigShape => ({ kind: 'string', description, nonEmpty });
const strings = (description: string, item = 'one entry'): ConfigShape => ({ kind: 'array', description, items: str(item) });
const ms = (description: string): ConfigShape => ({ kind: 'integer', description, minimum: 1, maximum: MAX_TIMEOUT_MS });
const bool = (description: string): ConfigShape => ({ kind: 'boolean', description });
const nullableString = (description: string): ConfigShape => ({ kind: 'nullable', description, of: str(description) });
const limit = (description: string): ConfigShape => ({
  kind: 'nullable',
  description,
  of: { kind: 'integer', description, minimum: 0 },
});

/** The overlay of one action (`tools.<name>.actions.<key>`). */
export const ACTION_OVERLAY_SHAPE: ConfigShape = {
  kind: 'object',
  description: 'One action of the tool. Flags given here replace what the MCP annotations say.',
  fields: {
    description: str('Action description', false),
    readOnly: bool('The action only reads (replaces annotations.readOnlyHint)'),
    destructive: bool('The action destroys or overwrites data (replaces annotations.destructiveHint; ignored when readOnly)'),
    idempotent: bool('Repeating the action has no further effect (replaces annotations.idempotentHint)'),
    openWorld: bool('The action reaches an open world, e.g. the internet (replaces annotations.openWorldHint)'),
    requiredFields: strings('Required input fields of this action (default: from the input schema)', 'A field name'),
    presenter: str('Presenter (view) name that renders this action\'s result (default: the tool\'s presenter)'),
    hasMiddleware: bool('Per-action middleware runs before the handler (default false)'),
  },
};

/** The overlay of one tool (`tools.<name>`). */
export const TOOL_OVERLAY_SHAPE: ConfigShape = {
  kind: 'object',
  description: 'What the wire protocol cannot show about one tool',
  fields: {
    handlers: strings('Handler source files to scan for entitlements, relative to this config file', 'A source file path'),
    allow: {
      kind: 'array',
      description: 'Entitlement families the handlers may use (the scan gate fails on any other)',
      items: { kind: 'enum', description: 'An entitlement family', values: ENTITLEMENT_FAMILIES },
    },
    systemRules: strings('Static system rules given to the model (fingerprinted as static:<sha256>)', 'One rule'),
    dynamicSystemRules: bool('Rules are also computed at run time (fingerprint dynamic or dynamic:<sha256>)'),
    middleware: strings('Middleware names, in execution order', 'A middleware name'),
    affordances: strings('Tool names suggested to the model as next actions, in order', 'A tool name'),
    guardrails: {
      kind: 'object',
      description: 'Cognitive guardrails; null or absent means unlimited',
      fields: {
        agentLimitMax: limit('Maximum items returned before truncation (bounds a collection)'),
        egressMaxBytes: limit('Maximum response payload in bytes'),
      },
    },
    tags: strings('Tags for selective exposure', 'A tag'),
    stateSyncFingerprint: nullableString('State-sync policy fingerprint'),
    concurrencyFingerprint: nullableString('Concurrency configuration fingerprint'),
    presenter: str('Presenter (view) name for every action that names none'),
    embeddedPresenters: strings('Embedded child presenter names, in order', 'A presenter name'),
    actions: {
      kind: 'map',
      description: 'The tool\'s actions, keyed by action key; when given, exactly these actions are locked',
      values: ACTION_OVERLAY_SHAPE,
    },
  },
};

/** The whole config file. */
export const CONFIG_SHAPE: ConfigShape = {
  kind: 'object',
  description: 'mcpfusion configuration (mcpfusion.jsonc): the contract source, the lockfile and the per-tool overlay',
  fields: {
    $schema: str('JSON Schema of this file, for editors'),
    serverName: str('serverName recorded in the lockfile (default: the server\'s own name; --name overrides)'),
    lockfile: str('Lockfile path, relative to this config file (default: ./mcpfusion.lock in the working directory, not beside this file; --lockfile overrides)'),
    source: {
      kind: 'object',
      description: 'The contract source: exactly one of server, url, toolsList, contracts (a source flag replaces it)',
      fields: {
        server: {
          kind: 'either',
          description: 'MCP server to spawn over stdio: a command line (split like a shell would, without a shell) or an argv array',
          options: [str('Command line, e.g. "node dist/server.js --stdio"'), { kind: 'array', description: 'Program and arguments', items: str('An argument', false) }],
        },
        env: { kind: 'map', description: 'Environment variables for the server (added to mcpfusion\'s own); ${env:NAME} is expanded', values: str('Value', false) },
        cwd: str('Working directory of the server, relative to this config file'),
        url: str('Streamable HTTP endpoint of a running server, e.g. http://127.0.0.1:3001/mcp'),
        headers: { kind: 'map', description: 'HTTP headers for every request (never logged); ${env:NAME} is expanded', values: str('Value', false) },
        toolsList: str('A saved tools/list result (JSON), relative to this config file'),
        contracts: str('A contracts file (JSON), relative to this config file'),
      },
    },
    timeouts: {
      kind: 'object',
      description: 'Timeouts of a live source in milliseconds (flags override)',
      fields: {
        start: ms('Spawning the server, or reaching the HTTP endpoint (default 10000)'),
        handshake: ms('The initialize handshake, including the server\'s start-up (default 30000)'),
        request: ms('Each list request, per page (default 30000)'),
        settle: { kind: 'integer', description: 'How long after the handshake a server that advertises listChanged may still announce tools, prompts or resources; 0 waits for none (default 500)', minimum: 0, maximum: MAX_TIMEOUT_MS },
      },
    },
    tools: { kind: 'map', description: 'Per-tool overlay, keyed by tool name', values: TOOL_OVERLAY_SHAPE },
  },
};

/**
 * The JSON Schema (draft-07) of a config shape, as shipped for editors.
 *
 * @param shape A shape node (default: the whole config).
 * @returns A JSON Schema object.
 * @example configJsonSchema().properties.tools
 */
export function configJsonSchema(shape: ConfigShape = CONFIG_SHAPE): Record<string, unknown> {
  const root = shape === CONFIG_SHAPE;
  const body = ((): Record<string, unknown> => {
    switch (shape.kind) {
      case 'string':
        return { type: 'string', description: shape.description, ...(shape.nonEmpty ? { minLength: 1 } : {}) };
      case 'integer':
        return { type: 'integer', description: shape.description, minimum: shape.minimum, ...(shape.maximum === undefined ? {} : { maximum: shape.maximum }) };
      case 'boolean':
        return { type: 'boolean', description: shape.description };
      case 'enum':
        return { type: 'string', description: shape.description, enum: [...shape.values] };
      case 'nullable': {
        const inner = configJsonSchema(shape.of);
        return { ...inner, type: [inner['type'] as string, 'null'], description: shape.description };
      }
      case 'array':
        return { type: 'array', description: shape.description, items: configJsonSchema(shape.items) };
      case 'object':
        return {
          type: 'object',
          description: shape.description,
          properties: Object.fromEntries(Object.entries(shape.fields).map(([k, v]) => [k, configJsonSchema(v)])),
          additionalProperties: false,
        };
      case 'map':
        return { type: 'object', description: shape.description, additionalProperties: configJsonSchema(shape.values) };
      case 'either':
        return { description: shape.description, anyOf: shape.options.map((o) => configJsonSchema(o)) };
    }
  })();
  return root
    ? { $schema: 'http://json-schema.org/draft-07/schema#', title: 'mcpfusion.jsonc', ...body }
    : body;
}
