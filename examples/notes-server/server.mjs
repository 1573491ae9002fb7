#!/usr/bin/env node
// A small stdio MCP server used as mcpfusion's live example: three tools with JSON Schemas and
// annotations, their handlers in ./handlers (scanned for entitlements by `mcpfusion lock`).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { searchNotes } from './handlers/search-notes.mjs';
import { saveNote } from './handlers/save-note.mjs';
import { exportNotes } from './handlers/export-notes.mjs';

const TOOLS = [
  {
    name: 'search_notes',
    description: 'Search the notes folder for a phrase and return matching note titles.',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', minLength: 1 }, limit: { type: 'integer', minimum: 1, maximum: 50 } },
      required: ['query'],
    },
    outputSchema: {
      type: 'object',
      properties: { titles: { type: 'array', items: { type: 'string' }, maxItems: 50 } },
      required: ['titles'],
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'save_note',
    description: 'Create or overwrite a note.',
    inputSchema: {
      type: 'object',
      properties: { title: { type: 'string' }, body: { type: 'string' } },
      required: ['title', 'body'],
    },
    annotations: { destructiveHint: true, idempotentHint: true },
  },
  {
    name: 'export_notes',
    description: 'Export all notes as one archive in the chosen format.',
    inputSchema: {
      type: 'object',
      properties: { format: { type: 'string', enum: ['markdown', 'json'] } },
      required: ['format'],
    },
    annotations: { readOnlyHint: true },
  },
];

const HANDLERS = { search_notes: searchNotes, save_note: saveNote, export_notes: exportNotes };

const server = new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const handler = HANDLERS[request.params.name];
  if (!handler) return { isError: true, content: [{ type: 'text', text: `unknown tool ${request.params.name}` }] };
  return handler(request.params.arguments ?? {});
});
await server.connect(new StdioServerTransport());
