import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSurface } from '../../src/scan/scan-surface.ts';
import { materializeToolsList } from '../../src/contract/materialize.ts';

/** The surface rule ids (with level and tool) found over a server's tools, each `[name, description]`. */
const found = (tools: ReadonlyArray<readonly [string, string]>): string[] =>
  scanSurface(materializeToolsList({ tools: tools.map(([name, description]) => ({ name, description, inputSchema: { type: 'object' } })) }))
    .filter((f) => f.confidence !== 'low')
    .map((f) => `${f.id}/${f.level}/${f.tool}`)
    .sort();

test("a tool of the server named without the prefix all its tools share is its own: 'After results, call static_map to visualize.' (@cablate/mcp-google-map 0.0.63, maps_explore_area and maps_plan_route beside maps_static_map)", () => {
  const server: Array<[string, string]> = [
    ['maps_explore_area', 'Explore what is around a place. After results, call static_map to visualize.'],
    ['maps_plan_route', 'Plan a route through several stops. After results, call static_map to visualize the route.'],
    ['maps_static_map', 'Render a static map image with markers and paths.'],
    ['maps_geocode', 'Turn an address into coordinates.'],
  ];
  assert.equal(found(server), []);
  // The same words where the server has no such tool: another server's tool, as before.
  const without = server.filter(([name]) => name !== 'maps_static_map');
  assert.equal(found(without), ['surface.tool-shadowing/warning/maps_explore_area', 'surface.tool-shadowing/warning/maps_plan_route']);
  // Without a prefix shared by every tool, a name that only ends one of them is not read as it.
  const mixed: Array<[string, string]> = [
    ['explore_area', 'Explore what is around a place. After results, call static_map to visualize.'],
    ['geo_static_map', 'Render a static map image.'],
  ];
  assert.equal(found(mixed), ['surface.tool-shadowing/warning/explore_area']);
});

test.run();
