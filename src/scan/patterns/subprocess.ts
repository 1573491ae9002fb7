/**
 * Subprocess patterns: `child_process` (only what comes from it: `exec` alone is `RegExp#exec` or
 * `db.exec`), worker threads, `cluster`, process-spawning and browser automation packages, the
 * MCP SDK's stdio client transport, `Deno.Command` / `Deno.run`,
 * and `Bun.spawn` / `Bun.$`.
 *
 * @module
 */
import type { CapabilityPattern, ModuleInfo } from '../types.ts';

const SPAWN_PACKAGES = [
  'execa', 'cross-spawn', 'zx', 'node-pty', 'tinyexec', 'nano-spawn', 'spawn-sync',
  // dax, the cross-platform shell of Deno (`$\`cmd\``): JSR, deno.land/x and its npm name.
  '@david/dax', 'deno.land/x/dax', 'dax-sh',
  // Packages that run a program for you: git, the system opener, an editor, the clipboard tool, sudo.
  'simple-git', 'open', 'launch-editor', 'clipboardy', 'sudo-prompt', '@vscode/sudo-prompt',
  // Spawn wrappers and programs run for you: PowerShell, Python, ffmpeg, GraphicsMagick, AppleScript,
  // desktop notifiers, process listing and killing (ps, taskkill), youtube-dl.
  '@expo/spawn-async', '@npmcli/promise-spawn', 'child-process-promise', 'spawn-please', 'await-spawn', 'node-cmd', 'node-powershell',
  'spawndamnit', 'cross-spawn-async', 'exec-sh', 'spawn-command', 'sync-child-process', 'teen_process', 'exec-async',
  '@malept/cross-spawn-promise', 'cross-spawn-promise', 'child-process-ext', '@ionic/utils-subprocess', 'shell-exec', 'promisify-child-process',
  '@jsdevtools/ez-spawn', 'tinyspawn', 'spawn-rx', 'spawn-shell', 'buffered-spawn', '@vltpkg/promise-spawn', 'spawnback', 'exec-buffer',
  '@npmcli/git', 'bun-pty',
  // The Claude Agent SDK runs the Claude Code CLI as a child process.
  '@anthropic-ai/claude-agent-sdk', '@lydell/node-pty', 'node-pty-prebuilt-multiarch', '@homebridge/node-pty-prebuilt-multiarch', 'python-shell', 'fluent-ffmpeg', 'gm', 'run-applescript', 'node-notifier', 'ps-list', 'pidusage', 'find-process', 'fkill', 'tree-kill',
  'systeminformation', 'pm2', 'concurrently', 'youtube-dl-exec', 'yt-dlp-wrap', 'opener', 'opn', 'default-browser',
  // Reads the machine id by running a system command (reg, ioreg, cat … through child_process).
  'node-machine-id',
  // esbuild's JavaScript API drives its native binary as a child process; 7-Zip, pdf2pic (GraphicsMagick) and screenshot-desktop run programs.
  'esbuild', 'node-7z', 'pdf2pic', 'screenshot-desktop',
  // The MCP SDK's client transport that starts the server as a child process.
  '@modelcontextprotocol/sdk/client/stdio.js',
];
/** Worker pools: they start worker threads (or child processes) that run the tasks. */
const WORKER_POOL_PACKAGES = ['piscina', 'tinypool', 'workerpool', 'threads', 'poolifier', 'worker-farm', 'batch-cluster'];
/** Browser automation: launching the browser starts a process (which then browses). */
const BROWSER_PACKAGES = [
  'puppeteer', 'puppeteer-core', 'puppeteer-extra', 'playwright', 'playwright-core', '@playwright/test', 'playwright-extra', 'selenium-webdriver', 'webdriverio', 'chrome-launcher',
  '@astral/astral', 'deno.land/x/astral', 'deno.land/x/puppeteer',
  // Stagehand drives a local Chromium through Playwright (or Browserbase's remote one).
  '@browserbasehq/stagehand',
  // Renderers that launch a headless browser to draw the page: Mermaid diagrams (mermaid-isomorphic
  // through Playwright, mermaid-cli through Puppeteer), Markdown or HTML to PDF, page captures.
  'mermaid-isomorphic', '@mermaid-js/mermaid-cli', 'md-to-pdf', 'html-pdf-node', 'capture-website',
];

/** Module specifiers of the subprocess family. */
export const SUBPROCESS_MODULES: Readonly<Record<string, ModuleInfo>> = {
  child_process: { source: 'child_process', display: 'child_process' },
  worker_threads: { source: 'worker_threads', display: 'worker_threads' },
  cluster: { source: 'cluster', display: 'cluster' },
  bun: { source: 'Bun', display: 'Bun' },
  // shelljs implements ls, cat, cp, rm, … in JavaScript; only exec starts a process (filesystem rows for the rest).
  shelljs: { source: 'shelljs', display: 'shelljs' },
  ...Object.fromEntries([...SPAWN_PACKAGES, ...WORKER_POOL_PACKAGES, ...BROWSER_PACKAGES].map((name) => [name, { source: name, display: name }])),
};

/**
 * Members of a subprocess package that are other capability modules, re-exported (zx exports
 * fs-extra as `fs`, globby as `glob` and a `fetch`): a use of them is looked up as that module,
 * beside the package's own finding at the import.
 */
export const SUBPROCESS_MEMBER_MODULES: Readonly<Record<string, Readonly<Record<string, { source: string; display: string; path: readonly string[] }>>>> = {
  zx: {
    fs: { source: 'fs', display: 'fs-extra', path: [] },
    glob: { source: 'fs', display: 'zx', path: ['glob'] },
    globby: { source: 'fs', display: 'zx', path: ['glob'] },
    fetch: { source: 'global', display: '', path: ['fetch'] },
  },
};

/**
 * The globals `import 'zx/globals'` (or a `#!/usr/bin/env zx` script) installs that carry a
 * capability, looked up as members of `zx` where the file does not bind the name itself: `$`
 * runs commands, `fs` is fs-extra, `glob`/`globby` list files, `fetch` is the network.
 */
export const ZX_GLOBALS: ReadonlySet<string> = new Set(['$', 'fs', 'glob', 'globby', 'fetch']);
/** Specifiers whose import installs {@link ZX_GLOBALS}. */
export const ZX_GLOBALS_SPECIFIERS: ReadonlySet<string> = new Set(['zx/globals', 'zx/globals.js', 'npm:zx/globals']);

/** Subprocess pattern rows. */
export const SUBPROCESS_PATTERNS: readonly CapabilityPattern[] = [
  { id: 'subprocess.child-process', family: 'subprocess', title: 'Starts processes through Node child_process', sources: ['child_process'], raw: 'member' },
  { id: 'subprocess.node-binding', family: 'subprocess', title: 'Starts processes through a Node internal binding (process.binding(\'spawn_sync\'), \'process_wrap\')', sources: [], raw: 'member' },
  { id: 'subprocess.worker-thread', family: 'subprocess', title: 'Starts a worker thread or web worker', sources: ['worker_threads', 'global'], members: ['Worker', 'SharedWorker'], raw: 'member' },
  { id: 'subprocess.cluster', family: 'subprocess', title: 'Forks cluster workers', sources: ['cluster'], members: ['fork', 'setupPrimary', 'setupMaster'], raw: 'member' },
  { id: 'subprocess.shelljs-exec', family: 'subprocess', title: 'Runs a command through shelljs exec', sources: ['shelljs'], members: ['exec'], raw: 'member' },
  { id: 'subprocess.shelljs', family: 'subprocess', title: 'Uses shelljs (the module object itself, or a member not classified: it may run commands)', sources: ['shelljs'], raw: 'member' },
  { id: 'subprocess.spawn-package', family: 'subprocess', title: 'Imports a process-spawning package', sources: SPAWN_PACKAGES, raw: 'module' },
  { id: 'subprocess.worker-pool-package', family: 'subprocess', title: 'Imports a worker-pool package (starts worker threads or processes)', sources: WORKER_POOL_PACKAGES, raw: 'module' },
  { id: 'subprocess.browser-automation-package', family: 'subprocess', title: 'Imports a browser automation package (launches a browser process)', sources: BROWSER_PACKAGES, raw: 'module', also: ['network.browser-automation-package'] },
  { id: 'subprocess.deno-command', family: 'subprocess', title: 'Starts processes through Deno.Command or Deno.run', sources: ['Deno'], members: ['Command', 'run', 'spawn', 'spawnChild'], raw: 'member' },
  { id: 'subprocess.bun-spawn', family: 'subprocess', title: 'Starts processes through Bun.spawn, the Bun shell or Bun.openInEditor', sources: ['Bun'], members: ['spawn', '$', 'openInEditor'], raw: 'member' },
  { id: 'subprocess.process-execve', family: 'subprocess', title: 'Replaces the running process with another program (process.execve)', sources: ['process'], members: ['execve'], raw: 'member' },
];
