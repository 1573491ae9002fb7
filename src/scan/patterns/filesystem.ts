/**
 * Filesystem patterns: Node `fs` / `fs/promises` and drop-ins (`fs-extra`, `graceful-fs`), SQLite
 * database files (counted as reads: a query tool's claim is not judged by the driver), FileHandle
 * methods, Deno and Bun file APIs, each split into reads and writes. Rows are matched on the
 * first member after the module binding (`fs.promises.` and a trailing `Sync` are normalized
 * away when looking a member up).
 *
 * @module
 */
import type { CapabilityPattern, ModuleInfo } from '../types.ts';

/** SQLite: a database is a file (`node:sqlite`, `bun:sqlite`, packages, Deno's `@db/sqlite`). */
const SQLITE_MODULES = ['sqlite', 'bun:sqlite', 'better-sqlite3', 'sqlite3', 'drizzle-orm/better-sqlite3', 'drizzle-orm/bun-sqlite', '@db/sqlite', 'deno.land/x/sqlite', 'deno.land/x/sqlite3'];
/** Packages that list, match or watch files: reads. */
const READ_PACKAGES = [
  'glob', 'fast-glob', 'globby', 'tinyglobby', 'fdir', 'readdirp', 'chokidar', '@parcel/watcher',
  // Directory walkers, JSON and package.json readers, upward file searches.
  'klaw', 'klaw-sync', 'walk-sync', 'recursive-readdir', 'load-json-file', 'read-pkg', 'read-package-up', 'read-pkg-up', 'find-up', 'pkg-dir', 'locate-path', 'path-exists',
  'tiny-glob', 'node-dir', 'readdir-glob', '@mrmlnc/readdir-enhanced', 'pkg-up', 'filelist', 'read-package-json', 'sane', 'walkdir', 'totalist', 'get-folder-size',
  // which: searches the PATH directories for an executable (stat of each candidate).
  'which',
];
/** Packages whose purpose is to write, move or delete files. */
const WRITE_PACKAGES = [
  'rimraf', 'del', 'mkdirp', 'make-dir', 'write-file-atomic', 'trash', 'move-file', 'cpy', 'proper-lockfile', 'tmp', 'tmp-promise',
  'write-json-file', 'ncp', 'copyfiles', 'cp-file', 'steno', '@npmcli/fs',
];
/**
 * Embedded databases kept in local files (LevelDB, LMDB, NeDB, LokiJS, DuckDB, LanceDB): counted
 * as reads, like SQLite, since whether a query writes is not visible in the code.
 */
const EMBEDDED_DATABASE_PACKAGES = [
  'level', 'classic-level', 'leveldown', 'lmdb', 'nedb', '@seald-io/nedb', 'lokijs', 'duckdb', 'duckdb-async', '@duckdb/node-api',
  '@lancedb/lancedb', 'vectordb',
];
/**
 * Packages that keep settings or documents in a local file (JSON stores, persisted key-value
 * caches, fs wrappers whose methods both read and write): reads or writes by call (access not
 * decided, like the archive packages).
 */
const FILE_STORE_PACKAGES = ['lowdb', 'conf', 'configstore', 'electron-store', 'node-persist', 'flat-cache', 'fs-jetpack', 'atomically', '@expo/json-file'];
/** Archive packages: they read or write files depending on the call (access not decided). */
const ARCHIVE_PACKAGES = ['tar', 'tar-fs', 'node-stream-zip', 'archiver', 'adm-zip', 'unzipper', 'extract-zip', 'decompress', 'yauzl', 'yazl', '@std/tar', '@std/archive'];

/**
 * The Deno standard library modules that touch files (`jsr:@std/fs`, `https://deno.land/std@…/fs/…`
 * and the other forms `normalizeSpecifier` maps to `@std/<module>`). Its subpaths (`@std/fs/copy`,
 * `@std/fs/unstable-write-file`) count as the package: the members are the same names.
 */
const STD_FS_READS = [
  'exists', 'walk', 'expandGlob',
  // unstable-* subpaths (Deno-namespace-like functions that also run on Node and Bun)
  'readFile', 'readTextFile', 'readDir', 'readLink', 'realPath', 'stat', 'lstat',
  // the first releases of the library
  'readJson', 'readFileStr',
];
const STD_FS_WRITES = [
  'ensureDir', 'ensureFile', 'ensureLink', 'ensureSymlink', 'emptyDir', 'copy', 'move',
  // unstable-* subpaths
  'writeFile', 'writeTextFile', 'mkdir', 'makeTempDir', 'makeTempFile', 'remove', 'rename', 'copyFile', 'chmod', 'chown',
  'link', 'symlink', 'truncate', 'utime', 'create',
  // the first releases of the library
  'writeJson', 'writeFileStr',
];

/** Module specifiers of the filesystem family. */
export const FILESYSTEM_MODULES: Readonly<Record<string, ModuleInfo>> = {
  fs: { source: 'fs', display: 'fs' },
  'fs/promises': { source: 'fs', display: 'fs' },
  'original-fs': { source: 'fs', display: 'fs' },
  'graceful-fs': { source: 'fs', display: 'graceful-fs' },
  'fs-extra': { source: 'fs', display: 'fs-extra' },
  '@std/fs': { source: '@std/fs', display: '@std/fs' },
  '@std/dotenv': { source: '@std/dotenv', display: '@std/dotenv' },
  '@std/dotenv/load': { source: '@std/dotenv/load', display: '@std/dotenv/load' },
  'deno.land/x/dotenv': { source: '@std/dotenv', display: 'deno.land/x/dotenv' },
  'deno.land/x/dotenv/load': { source: '@std/dotenv/load', display: 'deno.land/x/dotenv/load' },
  'dotenv/config': { source: 'dotenv/config', display: 'dotenv/config' },
  '@dotenvx/dotenvx/config': { source: 'dotenv/config', display: '@dotenvx/dotenvx/config' },
  '@std/log': { source: '@std/log', display: '@std/log' },
  // jsonfile: readFile / writeFile (and their Sync forms) of JSON, the fs rows apply.
  jsonfile: { source: 'fs', display: 'jsonfile' },
  xlsx: { source: 'xlsx', display: 'xlsx' },
  sharp: { source: 'sharp', display: 'sharp' },
  exceljs: { source: 'exceljs', display: 'exceljs' },
  jimp: { source: 'jimp', display: 'jimp' },
  // Linter and formatter APIs that read the files (and configuration files) of the paths they are given.
  eslint: { source: 'eslint', display: 'eslint' },
  prettier: { source: 'prettier', display: 'prettier' },
  // The OS credential store (Keychain, Secret Service, Credential Manager): keytar's functions, @napi-rs/keyring's Entry.
  keytar: { source: 'keytar', display: 'keytar' },
  // The TypeScript compiler API: ts.sys is Node fs behind an interface; programs and hosts read the files they compile.
  typescript: { source: 'typescript', display: 'typescript' },
  // mammoth converts a .docx given as { path } (a read) or as { buffer } / { arrayBuffer } (none).
  mammoth: { source: 'mammoth', display: 'mammoth' },
  '@napi-rs/keyring': { source: '@napi-rs/keyring', display: '@napi-rs/keyring' },
  ...Object.fromEntries([...SQLITE_MODULES, ...EMBEDDED_DATABASE_PACKAGES, ...READ_PACKAGES, ...WRITE_PACKAGES, ...ARCHIVE_PACKAGES, ...FILE_STORE_PACKAGES].map((name) => [name, { source: name, display: name }])),
};

/** Browser automation packages whose pages save screenshots and PDFs to a `path` option. */
const PAGE_PACKAGES = ['puppeteer', 'puppeteer-core', 'puppeteer-extra', 'playwright', 'playwright-core', '@playwright/test', 'playwright-extra'];

/** Packages whose SFTP sessions have ssh2's fastGet/fastPut (ssh2-sftp-client wraps ssh2's). */
const SSH_TRANSFER_PACKAGES = ['ssh2', 'ssh2-sftp-client', 'ssh2-promise'];

/** A method counted on any receiver where the file imports its package. */
export interface ReceiverMethod {
  /** Source of the row the method is looked up in. */
  source: string;
  /** Module sources whose import enables it (default: `source`). */
  imports?: readonly string[];
  /** The member the method must follow (`.xlsx.writeFile`). */
  after?: readonly string[];
  /** An option the first argument, an object literal, must set (`{ path }`). */
  option?: string;
}

/**
 * Methods of objects a file-writing package makes, counted on any receiver where the file imports
 * the package (`sharp(i).resize(w).toFile(o)`, `workbook.xlsx.writeFile(p)`): the scanner does
 * not follow the object from the call that made it. `after` is the member the method must follow
 * (`.xlsx.` or `.csv.`), when the method name alone is too common.
 */
export const FILESYSTEM_RECEIVER_METHODS: ReadonlyMap<string, ReceiverMethod> = new Map<string, ReceiverMethod>([
  ['toFile', { source: 'sharp' }],
  ['writeFile', { source: 'exceljs', after: ['xlsx', 'csv'] }],
  ['readFile', { source: 'exceljs', after: ['xlsx', 'csv'] }],
  // `page.screenshot({ path })`, `page.pdf({ path })`: the browser page writes the file.
  ['screenshot', { source: 'puppeteer', imports: PAGE_PACKAGES, option: 'path' }],
  ['pdf', { source: 'puppeteer', imports: PAGE_PACKAGES, option: 'path' }],
  // `kc.loadFromDefault()`: a @kubernetes/client-node KubeConfig reads the kubeconfig file
  // (KUBECONFIG or ~/.kube/config) or, in a cluster, the service-account token and CA files.
  ['loadFromDefault', { source: '@kubernetes/client-node' }],
  ['loadFromFile', { source: '@kubernetes/client-node' }],
  ['loadFromCluster', { source: '@kubernetes/client-node' }],
  // `new ESLint().lintFiles(paths)`: ESLint reads the files and the configuration that applies to them.
  ['lintFiles', { source: 'eslint' }],
  ['calculateConfigForFile', { source: 'eslint' }],
  ['executeOnFiles', { source: 'eslint' }],
  // SFTP and FTP clients move a file between the remote host and a local path: a download writes
  // it, an upload reads it (`sftp.fastGet(remote, local)`, `ssh.putFile(local, remote)`).
  ...['fastGet', 'fastPut'].map((m): [string, ReceiverMethod] => [m, { source: 'ssh2', imports: SSH_TRANSFER_PACKAGES }]),
  ...['downloadDir', 'uploadDir'].map((m): [string, ReceiverMethod] => [m, { source: 'ssh2-sftp-client' }]),
  ...['getFile', 'getDirectory', 'putFile', 'putFiles', 'putDirectory'].map((m): [string, ReceiverMethod] => [m, { source: 'node-ssh' }]),
  ...['downloadTo', 'downloadToDir', 'uploadFrom', 'uploadFromDir'].map((m): [string, ReceiverMethod] => [m, { source: 'basic-ftp' }]),
  // Cloud storage clients copy between a bucket and a local path: `bucket.upload(localPath)` and
  // `blobClient.uploadFile(localPath)` read the file, `file.download({ destination })` and
  // `blobClient.downloadToFile(localPath)` write it (`file.download()` alone returns the bytes).
  ['upload', { source: '@google-cloud/storage' }],
  ['download', { source: '@google-cloud/storage', option: 'destination' }],
  ['uploadFile', { source: '@azure/storage-blob' }],
  ['downloadToFile', { source: '@azure/storage-blob' }],
  // `new Entry(service, account).getPassword()`: an @napi-rs/keyring entry reads or changes the OS credential store.
  ...['getPassword', 'getSecret', 'setPassword', 'setSecret', 'deletePassword', 'deleteCredential'].map((m): [string, ReceiverMethod] => [m, { source: '@napi-rs/keyring' }]),
]);

/**
 * Members of a filesystem package that are an object of their own, looked up there: the
 * TypeScript compiler's `ts.sys` (readFile, writeFile, readDirectory, ... over Node fs).
 */
export const FILESYSTEM_MEMBER_MODULES: Readonly<Record<string, Readonly<Record<string, { source: string; display: string; path: readonly string[] }>>>> = {
  typescript: { sys: { source: 'typescript.sys', display: 'typescript.sys', path: [] } },
};

/** Display names of handle objects returned by open calls. */
export const FILESYSTEM_HANDLES: Readonly<Record<string, string>> = {
  'fs-handle': 'fs.FileHandle',
  'ts-program': 'typescript.Program',
  'deno-file': 'Deno.FsFile',
  'bun-file': 'Bun.file',
  'shelljs-string': 'shelljs.ShellString',
};

const NODE_READS = [
  'access', 'exists', 'readFile', 'readdir', 'read', 'readv', 'readlink', 'realpath', 'stat', 'lstat', 'fstat',
  'statfs', 'opendir', 'createReadStream', 'ReadStream', 'watch', 'watchFile', 'unwatchFile', 'glob', 'openAsBlob',
  // fs-extra
  'readJson', 'readJSON', 'pathExists',
];
const NODE_WRITES = [
  'appendFile', 'chmod', 'chown', 'lchmod', 'lchown', 'copyFile', 'cp', 'mkdir', 'mkdtemp', 'rename', 'rm', 'rmdir',
  'symlink', 'link', 'truncate', 'ftruncate', 'unlink', 'utimes', 'lutimes', 'futimes', 'write', 'writev', 'writeFile',
  'createWriteStream', 'WriteStream', 'Utf8Stream', 'mkdtempDisposable', 'fchmod', 'fchown', 'fsync', 'fdatasync',
  // fs-extra
  'outputFile', 'outputJson', 'outputJSON', 'writeJson', 'writeJSON', 'copy', 'move', 'remove', 'emptyDir', 'emptydir',
  'ensureDir', 'ensureFile', 'ensureLink', 'ensureSymlink', 'mkdirp', 'mkdirs', 'createFile', 'createLink', 'createSymlink',
];

/** Filesystem pattern rows. */
export const FILESYSTEM_PATTERNS: readonly CapabilityPattern[] = [
  { id: 'filesystem.node-binding', family: 'filesystem', title: 'Reads or writes files through a Node internal binding (process.binding(\'fs\'), \'fs_dir\', \'fs_event_wrap\')', sources: [], raw: 'member' },
  { id: 'filesystem.sharp-to-file', family: 'filesystem', title: 'Writes an image file through sharp (toFile on a sharp pipeline, in a file that imports sharp)', sources: ['sharp'], members: ['toFile'], access: 'write', raw: 'member' },
  { id: 'filesystem.kube-config', family: 'filesystem', title: 'Reads a Kubernetes client configuration from disk through a @kubernetes/client-node KubeConfig (loadFromDefault and loadFromFile read a kubeconfig file, loadFromCluster the service-account token and CA files; in a file that imports the package)', sources: ['@kubernetes/client-node'], members: ['loadFromDefault', 'loadFromFile', 'loadFromCluster'], access: 'read', raw: 'member' },
  { id: 'filesystem.browser-capture-file', family: 'filesystem', title: 'Saves a screenshot or PDF of a browser page to a file (page.screenshot or page.pdf with a path option, in a file that imports puppeteer or playwright)', sources: ['puppeteer'], members: ['screenshot', 'pdf'], access: 'write', raw: 'member' },
  { id: 'filesystem.exceljs-read', family: 'filesystem', title: 'Reads a workbook file through exceljs (workbook.xlsx.readFile, workbook.csv.readFile, in a file that imports exceljs)', sources: ['exceljs'], members: ['readFile'], access: 'read', raw: 'member' },
  { id: 'filesystem.exceljs-write', family: 'filesystem', title: 'Writes a workbook file through exceljs (workbook.xlsx.writeFile, workbook.csv.writeFile, in a file that imports exceljs)', sources: ['exceljs'], members: ['writeFile'], access: 'write', raw: 'member' },
  { id: 'filesystem.jimp-read', family: 'filesystem', title: 'Reads an image file through Jimp.read (a path; given a value that may be a URL it also fetches: network.path-or-url-reader; an http(s) URL string reads no file)', sources: ['jimp'], members: ['read'], access: 'read', raw: 'member', urlCompanion: 'network.path-or-url-reader' },
  { id: 'filesystem.node-fs-read', family: 'filesystem', title: 'Reads files through Node fs (or a drop-in)', sources: ['fs'], members: NODE_READS, access: 'read', raw: 'member' },
  { id: 'filesystem.node-fs-write', family: 'filesystem', title: 'Writes, moves or deletes files through Node fs (or a drop-in)', sources: ['fs'], members: NODE_WRITES, access: 'write', raw: 'member' },
  { id: 'filesystem.node-fs-open', family: 'filesystem', title: 'Opens a file through Node fs (write when the flags allow writing)', sources: ['fs'], members: ['open'], accessFromArgs: 'open-flags', returns: 'fs-handle', raw: 'member' },
  { id: 'filesystem.node-fs', family: 'filesystem', title: 'Uses the Node fs module (member not classified, or the module object itself)', sources: ['fs'], access: 'read', raw: 'member' },
  { id: 'filesystem.file-handle-write', family: 'filesystem', title: 'Writes through a FileHandle returned by open', sources: ['fs-handle'], members: ['write', 'writeFile', 'appendFile', 'truncate', 'chmod', 'chown', 'utimes', 'sync', 'datasync', 'writev', 'createWriteStream'], access: 'write', raw: 'member' },
  { id: 'filesystem.file-handle-read', family: 'filesystem', title: 'Reads through a FileHandle returned by open', sources: ['fs-handle'], members: ['read', 'readFile', 'readv', 'readLines', 'readableWebStream', 'createReadStream', 'stat'], access: 'read', raw: 'member' },
  { id: 'filesystem.deno-read', family: 'filesystem', title: 'Reads files through the Deno namespace', sources: ['Deno'], members: ['readTextFile', 'readFile', 'readDir', 'stat', 'lstat', 'realPath', 'readLink', 'watchFs'], access: 'read', raw: 'member' },
  { id: 'filesystem.deno-write', family: 'filesystem', title: 'Writes, moves or deletes files through the Deno namespace', sources: ['Deno'], members: ['writeTextFile', 'writeFile', 'mkdir', 'remove', 'rename', 'copyFile', 'chmod', 'chown', 'truncate', 'symlink', 'link', 'makeTempDir', 'makeTempFile', 'create', 'utime'], access: 'write', raw: 'member' },
  { id: 'filesystem.deno-kv', family: 'filesystem', title: 'Opens a Deno KV database (a local SQLite file; counted as a read like other databases in files; an http(s) URL is a remote database: network.deno-kv-remote)', sources: ['Deno'], members: ['openKv'], access: 'read', raw: 'member', remoteWhenUrl: 'network.deno-kv-remote' },
  { id: 'filesystem.deno-open', family: 'filesystem', title: 'Opens a file through Deno.open (write when the options allow writing)', sources: ['Deno'], members: ['open'], accessFromArgs: 'open-options', returns: 'deno-file', raw: 'member' },
  { id: 'filesystem.deno-file-write', family: 'filesystem', title: 'Writes through a Deno.FsFile', sources: ['deno-file'], members: ['write', 'truncate', 'writable', 'syncData', 'sync', 'utime'], access: 'write', raw: 'member' },
  { id: 'filesystem.deno-file-read', family: 'filesystem', title: 'Reads through a Deno.FsFile', sources: ['deno-file'], members: ['read', 'readable', 'stat'], access: 'read', raw: 'member' },
  { id: 'filesystem.bun-read', family: 'filesystem', title: 'Opens a file for reading through Bun.file', sources: ['Bun'], members: ['file'], access: 'read', returns: 'bun-file', raw: 'member' },
  { id: 'filesystem.bun-write', family: 'filesystem', title: 'Writes a file through Bun.write', sources: ['Bun'], members: ['write'], access: 'write', raw: 'member' },
  { id: 'filesystem.bun-list-read', family: 'filesystem', title: 'Lists or maps files through Bun.Glob or Bun.mmap', sources: ['Bun'], members: ['Glob', 'mmap'], access: 'read', inertUses: { Glob: ['match'] }, raw: 'member' },
  { id: 'filesystem.bun-build', family: 'filesystem', title: 'Bundles with Bun.build (reads sources, writes the output directory)', sources: ['Bun'], members: ['build'], access: 'write', raw: 'member' },
  { id: 'filesystem.bun-file-write', family: 'filesystem', title: 'Writes or deletes through a Bun.file handle', sources: ['bun-file'], members: ['write', 'writer', 'delete', 'unlink'], access: 'write', raw: 'member' },
  { id: 'filesystem.read-package', family: 'filesystem', title: 'Imports a package that lists, matches or watches files', sources: READ_PACKAGES, access: 'read', raw: 'module' },
  { id: 'filesystem.write-package', family: 'filesystem', title: 'Imports a package that writes, moves or deletes files', sources: WRITE_PACKAGES, access: 'write', raw: 'module' },
  { id: 'filesystem.archive-package', family: 'filesystem', title: 'Imports an archive package (reads or writes files; access not decided)', sources: ARCHIVE_PACKAGES, raw: 'module' },
  { id: 'filesystem.shelljs-read', family: 'filesystem', title: 'Reads or lists files through shelljs (implemented in JavaScript, no process)', sources: ['shelljs'], members: ['ls', 'cat', 'find', 'grep', 'head', 'tail', 'sort', 'uniq', 'test', 'which'], access: 'read', returns: 'shelljs-string', raw: 'member' },
  { id: 'filesystem.shelljs-write', family: 'filesystem', title: 'Copies, moves, deletes, creates or edits files through shelljs (implemented in JavaScript, no process)', sources: ['shelljs'], members: ['cp', 'mv', 'rm', 'mkdir', 'touch', 'ln', 'chmod', 'sed'], access: 'write', raw: 'member' },
  { id: 'filesystem.shelljs-string-write', family: 'filesystem', title: 'Writes a shelljs result to a file (.to, .toEnd)', sources: ['shelljs-string'], members: ['to', 'toEnd'], access: 'write', raw: 'member' },
  { id: 'filesystem.eslint-lint-files', family: 'filesystem', title: 'Lints files on disk through the ESLint API (lintFiles, calculateConfigForFile and the older CLIEngine executeOnFiles read the files and their configuration; in a file that imports eslint)', sources: ['eslint'], members: ['lintFiles', 'calculateConfigForFile', 'executeOnFiles'], access: 'read', raw: 'member' },
  { id: 'filesystem.prettier-config', family: 'filesystem', title: 'Reads the Prettier configuration and ignore files that apply to a path (resolveConfig, resolveConfigFile, getFileInfo)', sources: ['prettier'], members: ['resolveConfig', 'resolveConfigFile', 'getFileInfo'], access: 'read', raw: 'member' },
  { id: 'filesystem.remote-transfer-download', family: 'filesystem', title: 'Downloads a remote file over SFTP or FTP to a local path (ssh2 and ssh2-sftp-client fastGet and downloadDir, node-ssh getFile and getDirectory, basic-ftp downloadTo and downloadToDir; in a file that imports the package): writes the local file', sources: ['ssh2', 'ssh2-sftp-client', 'node-ssh', 'basic-ftp'], members: ['fastGet', 'downloadDir', 'getFile', 'getDirectory', 'downloadTo', 'downloadToDir'], access: 'write', raw: 'member' },
  { id: 'filesystem.cloud-storage-download', family: 'filesystem', title: 'Downloads an object from cloud storage to a local path (@google-cloud/storage download with a destination, @azure/storage-blob downloadToFile; in a file that imports the package): writes the local file', sources: ['@google-cloud/storage', '@azure/storage-blob'], members: ['download', 'downloadToFile'], access: 'write', raw: 'member' },
  { id: 'filesystem.cloud-storage-upload', family: 'filesystem', title: 'Uploads a local file to cloud storage by its path (@google-cloud/storage bucket upload, @azure/storage-blob uploadFile; in a file that imports the package): reads the local file', sources: ['@google-cloud/storage', '@azure/storage-blob'], members: ['upload', 'uploadFile'], access: 'read', raw: 'member' },
  { id: 'filesystem.remote-transfer-upload', family: 'filesystem', title: 'Uploads a local file over SFTP or FTP by its path (ssh2 and ssh2-sftp-client fastPut and uploadDir, node-ssh putFile, putFiles and putDirectory, basic-ftp uploadFrom and uploadFromDir; in a file that imports the package): reads the local file', sources: ['ssh2', 'ssh2-sftp-client', 'node-ssh', 'basic-ftp'], members: ['fastPut', 'uploadDir', 'putFile', 'putFiles', 'putDirectory', 'uploadFrom', 'uploadFromDir'], access: 'read', raw: 'member' },
  { id: 'filesystem.keyring-read', family: 'filesystem', title: 'Reads secrets from the OS credential store (Keychain, Secret Service, Credential Manager): keytar getPassword, findPassword, findCredentials; an @napi-rs/keyring entry\'s getPassword or getSecret, findCredentials', sources: ['keytar', '@napi-rs/keyring'], members: ['getPassword', 'findPassword', 'findCredentials', 'findCredentialsAsync', 'getSecret'], access: 'read', raw: 'member' },
  { id: 'filesystem.keyring-write', family: 'filesystem', title: 'Stores or deletes secrets in the OS credential store (Keychain, Secret Service, Credential Manager): keytar setPassword, deletePassword; an @napi-rs/keyring entry\'s setPassword, setSecret, deletePassword, deleteCredential', sources: ['keytar', '@napi-rs/keyring'], members: ['setPassword', 'deletePassword', 'setSecret', 'deleteCredential'], access: 'write', raw: 'member' },
  { id: 'filesystem.typescript-sys-read', family: 'filesystem', title: 'Reads or lists files through the TypeScript compiler\'s ts.sys (readFile, readDirectory, fileExists, directoryExists, getDirectories, realpath, watchFile, ...)', sources: ['typescript.sys'], members: ['readFile', 'readDirectory', 'fileExists', 'directoryExists', 'getDirectories', 'realpath', 'getFileSize', 'getModifiedTime', 'watchFile', 'watchDirectory'], access: 'read', raw: 'member' },
  { id: 'filesystem.typescript-sys-write', family: 'filesystem', title: 'Writes, creates or deletes files through the TypeScript compiler\'s ts.sys (writeFile, createDirectory, deleteFile, setModifiedTime)', sources: ['typescript.sys'], members: ['writeFile', 'createDirectory', 'deleteFile', 'setModifiedTime'], access: 'write', raw: 'member' },
  { id: 'filesystem.typescript-program', family: 'filesystem', title: 'Makes a TypeScript program that reads its root files, their imports and the type libraries from disk (ts.createProgram, createIncrementalProgram; its emit writes the output files)', sources: ['typescript'], members: ['createProgram', 'createIncrementalProgram'], access: 'read', returns: 'ts-program', raw: 'member' },
  { id: 'filesystem.typescript-host', family: 'filesystem', title: 'Makes a TypeScript compiler, watch or solution-builder host over the file system, or reads a tsconfig through one (createCompilerHost, createWatchProgram, createSolutionBuilder, getParsedCommandLineOfConfigFile, ...)', sources: ['typescript'], members: ['createCompilerHost', 'createIncrementalCompilerHost', 'createWatchCompilerHost', 'createWatchProgram', 'createSolutionBuilder', 'createSolutionBuilderHost', 'createSolutionBuilderWithWatch', 'createSolutionBuilderWithWatchHost', 'getParsedCommandLineOfConfigFile'], access: 'read', raw: 'member' },
  { id: 'filesystem.typescript-emit', family: 'filesystem', title: 'Writes the compiled output files of a TypeScript program (program.emit of a ts.createProgram result)', sources: ['ts-program'], members: ['emit'], access: 'write', raw: 'member' },
  { id: 'filesystem.mammoth-read', family: 'filesystem', title: 'Reads a Word document by path through mammoth (extractRawText, convertToHtml, convertToMarkdown, embedStyleMap, readEmbeddedStyleMap given { path }; a buffer reads nothing)', sources: ['mammoth'], members: ['extractRawText', 'convertToHtml', 'convertToMarkdown', 'embedStyleMap', 'readEmbeddedStyleMap'], access: 'read', literalOption: 'path', raw: 'member' },
  { id: 'filesystem.jsdom-from-file', family: 'filesystem', title: 'Reads an HTML file with jsdom (JSDOM.fromFile)', sources: ['jsdom'], members: ['fromFile'], access: 'read', raw: 'member' },
  { id: 'filesystem.file-store-package', family: 'filesystem', title: 'Imports a package that keeps data in a local file (JSON store, persisted settings or cache; reads or writes by call, access not decided)', sources: FILE_STORE_PACKAGES, raw: 'module' },
  { id: 'filesystem.embedded-database', family: 'filesystem', title: 'Opens an embedded database kept in local files (LevelDB, LMDB, NeDB, LokiJS, DuckDB, LanceDB; counted as a read like SQLite)', sources: EMBEDDED_DATABASE_PACKAGES, access: 'read', raw: 'module' },
  { id: 'filesystem.spreadsheet-file-read', family: 'filesystem', title: 'Reads a spreadsheet file through SheetJS (xlsx readFile)', sources: ['xlsx'], members: ['readFile'], access: 'read', raw: 'member' },
  { id: 'filesystem.spreadsheet-file-write', family: 'filesystem', title: 'Writes a spreadsheet file through SheetJS (xlsx writeFile)', sources: ['xlsx'], members: ['writeFile', 'writeFileXLSX', 'writeFileAsync'], access: 'write', raw: 'member' },
  { id: 'filesystem.sqlite', family: 'filesystem', title: 'Opens a SQLite database file (node:sqlite, bun:sqlite, better-sqlite3, sqlite3)', sources: SQLITE_MODULES, access: 'read', raw: 'module' },
  { id: 'filesystem.deno-std-fs-read', family: 'filesystem', title: 'Reads, lists or globs files through the Deno standard library (@std/fs)', sources: ['@std/fs'], members: STD_FS_READS, access: 'read', raw: 'member' },
  { id: 'filesystem.deno-std-fs-write', family: 'filesystem', title: 'Writes, copies, moves or empties files and directories through the Deno standard library (@std/fs)', sources: ['@std/fs'], members: STD_FS_WRITES, access: 'write', raw: 'member' },
  { id: 'filesystem.deno-std-fs', family: 'filesystem', title: 'Uses @std/fs (member not classified, or the module object itself)', sources: ['@std/fs'], access: 'read', raw: 'member' },
  { id: 'filesystem.deno-std-dotenv', family: 'filesystem', title: 'Reads a .env file with @std/dotenv load (or the old config)', sources: ['@std/dotenv'], members: ['load', 'config'], access: 'read', raw: 'member', also: ['environment.deno-std-dotenv'] },
  { id: 'filesystem.deno-std-dotenv-load', family: 'filesystem', title: 'Imports @std/dotenv/load, which reads .env into the environment when imported', sources: ['@std/dotenv/load'], access: 'read', raw: 'module', also: ['environment.deno-std-dotenv'] },
  { id: 'filesystem.dotenv-config', family: 'filesystem', title: 'Reads a .env file into the environment with dotenv config (the path it is given, ./.env by default)', sources: ['dotenv'], members: ['config', 'configDotenv'], access: 'read', raw: 'member', also: ['environment.dotenv'] },
  { id: 'filesystem.dotenv-config-import', family: 'filesystem', title: 'Imports dotenv/config, which reads .env into the environment when imported', sources: ['dotenv/config'], access: 'read', raw: 'module', also: ['environment.dotenv-config'] },
  { id: 'filesystem.process-load-env-file', family: 'filesystem', title: 'Reads a .env file into the environment through process.loadEnvFile (the path it is given, ./.env by default)', sources: ['process'], members: ['loadEnvFile'], access: 'read', raw: 'member', also: ['environment.process-load-env-file'] },
  { id: 'filesystem.deno-std-http-file-server', family: 'filesystem', title: 'Serves files with @std/http serveDir or serveFile (reads them and sends them over the network)', sources: ['@std/http'], members: ['serveDir', 'serveFile'], access: 'read', raw: 'member', also: ['network.deno-std-http-file-server'] },
  { id: 'filesystem.deno-std-log-file', family: 'filesystem', title: 'Writes log files through @std/log FileHandler or RotatingFileHandler', sources: ['@std/log'], members: ['FileHandler', 'RotatingFileHandler'], access: 'write', raw: 'member' },
  { id: 'filesystem.bun-file-read', family: 'filesystem', title: 'Reads through a Bun.file handle', sources: ['bun-file'], members: ['text', 'json', 'arrayBuffer', 'bytes', 'stream', 'exists', 'formData'], access: 'read', raw: 'member' },
];

/** Members that are not capabilities (constants, types). */
export const FILESYSTEM_IGNORED: Readonly<Record<string, readonly string[]>> = {
  fs: ['constants', 'F_OK', 'R_OK', 'W_OK', 'X_OK', 'close', 'closeSync'],
  // shelljs: the working directory, output, settings and errors of the shell, no file or process.
  shelljs: ['cd', 'pushd', 'popd', 'dirs', 'pwd', 'echo', 'config', 'env', 'error', 'errorCode', 'set', 'exit', 'tempdir', 'ShellString'],
  // End-of-line helpers, an error class and the process umask.
  '@std/fs': ['EOL', 'detect', 'format', 'WalkError', 'umask'],
};
