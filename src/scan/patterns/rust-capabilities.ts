/**
 * Rust capability rows, one table for the five families and environment access. Sources are Rust
 * paths with `::` (crate names with `_`, as code spells them: `tokio_tungstenite`). A row with
 * members matches those names right after exactly that path (`std::fs` + `write` is
 * `std::fs::write`, `std::fs::File` + `open` is `File::open`); a `raw: 'module'` row is a crate (or
 * a module of one) whose use is the capability and matches that path and every path below it
 * (`reqwest` matches `reqwest::Client::new`); a source ending in `*` matches every crate whose name
 * starts with the rest (`aws_sdk_*`). Ids are `<family>.rust-<name>`, never renamed once released.
 *
 * @module
 */
import { LIBC_ENV, LIBC_EXEC, LIBC_READS, LIBC_SOCKETS, LIBC_WRITES } from './libc-functions.ts';
import type { CapabilityPattern } from '../types.ts';

/** One Rust capability row. */
export type RustPattern = Omit<CapabilityPattern, 'accessFromArgs' | 'requiresStringArgument' | 'literalOption' | 'urlCompanion' | 'remoteWhenUrl' | 'returns'> & {
  /** Decide read or write from the `OpenOptions` builder calls chained after the match (`.write(true)`, `.create(true)`, …). */
  openOptions?: true;
};

/** The standard, async-std, smol and fs-err file modules (their functions share names). */
const FS = ['std::fs', 'tokio::fs', 'async_std::fs', 'smol::fs', 'async_fs', 'fs_err', 'fs_err::tokio'];
const FILE = FS.map((m) => `${m}::File`);
const OPEN_OPTIONS = FS.map((m) => `${m}::OpenOptions`);
const FS_READS = ['read', 'read_to_string', 'read_dir', 'metadata', 'symlink_metadata', 'read_link', 'canonicalize', 'exists', 'try_exists'];
const FS_WRITES = ['write', 'create_dir', 'create_dir_all', 'remove_file', 'remove_dir', 'remove_dir_all', 'rename', 'copy', 'hard_link', 'set_permissions', 'soft_link', 'symlink', 'symlink_file', 'symlink_dir'];
/** Platform modules with symbolic link calls (`std::os::unix::fs::symlink`). */
const OS_FS = ['std::os::unix::fs', 'std::os::windows::fs', 'std::os::wasi::fs'];
const PROCESS = ['std::process', 'tokio::process', 'async_process', 'async_std::process', 'smol::process'];
const NET = ['std::net', 'tokio::net', 'async_std::net', 'smol::net', 'async_net', 'std::os::unix::net', 'tokio::net::unix'];
const NET_MEMBERS = ['TcpStream', 'TcpListener', 'UdpSocket', 'UnixStream', 'UnixListener', 'UnixDatagram', 'TcpSocket', 'UnixSocket', 'lookup_host', 'ToSocketAddrs'];
/** The C library and nix: calls that start or replace a process. */
/** Windows calls that start a process or open a file or URL with its handler (windows-sys, windows, winapi). */
const WINDOWS_PROCESS_MODULES = ['windows_sys::Win32::System::Threading', 'windows::Win32::System::Threading', 'winapi::um::processthreadsapi', 'winapi::um::winbase', 'windows_sys::Win32::UI::Shell', 'windows::Win32::UI::Shell', 'winapi::um::shellapi'];
const WINDOWS_PROCESS = ['CreateProcessW', 'CreateProcessA', 'CreateProcessAsUserW', 'CreateProcessAsUserA', 'CreateProcessWithLogonW', 'CreateProcessWithTokenW', 'WinExec', 'ShellExecuteW', 'ShellExecuteA', 'ShellExecuteExW', 'ShellExecuteExA'];
/** nix calls that open, create, delete, move or change files by path (nix::fcntl, nix::unistd, nix::sys::stat, nix::mount). */
const NIX_FS = ['nix::fcntl', 'nix::unistd', 'nix::sys::stat', 'nix::mount'];
const NIX_WRITES = ['open', 'openat', 'openat2', 'renameat', 'renameat2', 'unlink', 'unlinkat', 'mkdir', 'mkfifo', 'mkfifoat', 'mkdirat', 'truncate', 'symlinkat', 'linkat', 'chown', 'fchownat', 'mknod', 'mknodat', 'fchmodat', 'utimes', 'utimensat', 'lutimes', 'mount', 'umount', 'umount2'];
/**
 * System call numbers of the C library (`libc::SYS_execve`) name what a raw `libc::syscall(n, …)`
 * does: the constant is the capability, wherever it is used, as Go's `syscall.SYS_EXECVE`.
 */
const SYS_EXEC = ['SYS_execve', 'SYS_execveat', 'SYS_fork', 'SYS_vfork', 'SYS_clone', 'SYS_clone3'];
const SYS_WRITE = ['SYS_open', 'SYS_openat', 'SYS_openat2', 'SYS_creat', 'SYS_unlink', 'SYS_unlinkat', 'SYS_rename', 'SYS_renameat', 'SYS_renameat2', 'SYS_mkdir', 'SYS_mkdirat', 'SYS_rmdir', 'SYS_chmod', 'SYS_fchmodat', 'SYS_chown', 'SYS_lchown', 'SYS_fchownat', 'SYS_truncate', 'SYS_link', 'SYS_linkat', 'SYS_symlink', 'SYS_symlinkat', 'SYS_mknod', 'SYS_mknodat', 'SYS_mount', 'SYS_umount2'];
const SYS_SOCKET = ['SYS_socket', 'SYS_connect', 'SYS_bind', 'SYS_listen', 'SYS_accept', 'SYS_accept4', 'SYS_sendto', 'SYS_sendmsg'];
const SYS_CODE = ['SYS_ptrace', 'SYS_process_vm_writev', 'SYS_init_module', 'SYS_finit_module', 'SYS_bpf', 'SYS_kexec_load', 'SYS_kexec_file_load'];
/** The C library's calls that read or change another process's memory. */
const LIBC_PTRACE = ['ptrace', 'process_vm_writev', 'process_vm_readv'];
const HTTP_CLIENTS = ['reqwest', 'reqwest_middleware', 'reqwest_eventsource', 'ureq', 'surf', 'isahc', 'attohttpc', 'curl', 'minreq', 'awc', 'hyper', 'hyper_util', 'http_req', 'eventsource_client', 'oauth2'];
const WEBSOCKETS = ['tungstenite', 'tokio_tungstenite', 'async_tungstenite', 'websocket', 'ws', 'fastwebsockets', 'tokio_websockets'];
const SERVERS = ['axum', 'actix_web', 'warp', 'rocket', 'poem', 'tide', 'salvo', 'tiny_http', 'gotham', 'ntex'];
const CLIENT_PACKAGES = ['tonic', 'lettre', 'ssh2', 'russh', 'trust_dns_resolver', 'hickory_resolver', 'async_nats', 'nats', 'rdkafka', 'lapin', 'rumqttc', 'paho_mqtt', 'suppaftp', 'ldap3', 'async_imap', 'imap'];
/** Git implementations: they read and write repositories on disk, and clone, fetch and push over the network. */
const GIT_LIBRARIES = ['git2', 'gix'];
const DATABASES = ['postgres', 'tokio_postgres', 'mysql', 'mysql_async', 'mongodb', 'redis', 'sqlx', 'diesel', 'sea_orm', 'elasticsearch', 'opensearch', 'qdrant_client', 'neo4rs', 'scylla', 'clickhouse', 'deadpool_postgres', 'deadpool_redis', 'bb8_postgres', 'tiberius', 'surrealdb', 'memcache', 'etcd_client'];
const SERVICE_SDKS = ['aws_config', 'aws_sdk_*', 'rusoto_*', 'google_cloud_*', 'azure_*', 'octocrab', 'kube', 'bollard', 'async_openai', 'openai_api_rs', 'anthropic_sdk', 'slack_morphism', 'serenity', 'teloxide', 'async_stripe', 'stripe', 'vaultrs', 'object_store', 'opendal', 'headless_chrome', 'chromiumoxide', 'fantoccini', 'thirtyfour', 'playwright'];
const EMBEDDED_DATABASES = ['rusqlite', 'sled', 'redb', 'rocksdb', 'heed', 'lmdb', 'duckdb', 'libsql', 'fjall', 'tantivy'];
const FILE_WRITE_PACKAGES = ['tempfile', 'fs_extra', 'fs2', 'fd_lock', 'file_rotate', 'tracing_appender', 'zip_extensions', 'trash', 'atomicwrites'];
const FILE_READ_PACKAGES = ['walkdir', 'ignore', 'glob', 'globwalk', 'jwalk', 'notify', 'notify_debouncer_mini', 'notify_debouncer_full', 'grep', 'grep_searcher', 'memmap2', 'memmap', 'sysinfo', 'procfs', 'which', 'dirs', 'directories', 'home', 'config'];
const SPAWN_PACKAGES = ['duct', 'xshell', 'subprocess', 'cmd_lib', 'run_script', 'portable_pty', 'pty_process', 'expectrl', 'rexpect', 'open', 'opener', 'webbrowser', 'command_group', 'process_wrap', 'shell_words_exec'];
const INTERPRETERS = ['rhai', 'boa_engine', 'deno_core', 'deno_runtime', 'v8', 'rquickjs', 'quick_js', 'quickjs_runtime', 'mlua', 'rlua', 'rustpython_vm', 'rustpython', 'wasmtime', 'wasmer', 'wasmi', 'starlark', 'evalexpr', 'koto', 'gluon', 'dyon', 'steel', 'js_sandbox', 'extism', 'inline_python'];
const NATIVE_LIBRARIES = ['libloading', 'dlopen', 'dlopen2', 'sharedlib', 'libloading_mini'];
const CRYPTO_PACKAGES = ['ring', 'aws_lc_rs', 'openssl', 'rustls', 'sha1', 'sha2', 'sha3', 'md5', 'md_5', 'blake2', 'blake3', 'hmac', 'aes', 'aes_gcm', 'chacha20poly1305', 'ed25519_dalek', 'x25519_dalek', 'rsa', 'p256', 'k256', 'ecdsa', 'jsonwebtoken', 'argon2', 'bcrypt', 'scrypt', 'pbkdf2', 'age', 'sequoia_openpgp', 'orion', 'sodiumoxide', 'rand', 'getrandom'];
const RMCP_CHILD = ['rmcp::transport::child_process', 'rmcp::transport::TokioChildProcess', 'rmcp::transport::ConfigureCommandExt', 'rmcp::transport::child_process2'];
const RMCP_HTTP = [
  'rmcp::transport::sse_server', 'rmcp::transport::SseServer', 'rmcp::transport::sse_client', 'rmcp::transport::SseClientTransport',
  'rmcp::transport::streamable_http_server', 'rmcp::transport::StreamableHttpService', 'rmcp::transport::streamable_http_client', 'rmcp::transport::StreamableHttpClientTransport',
  'rmcp::transport::auth', 'rmcp::transport::AuthClient', 'rmcp::transport::AuthorizationManager', 'rmcp::transport::common::unix_socket',
];

/** Rust capability rows. */
export const RUST_PATTERNS: readonly RustPattern[] = [
  // filesystem
  { id: 'filesystem.rust-fs-read', family: 'filesystem', title: 'Reads, lists or inspects files through std::fs or tokio::fs (read, read_to_string, read_dir, metadata, read_link, canonicalize, exists; also async-std, smol, fs-err)', sources: FS, members: FS_READS, access: 'read', raw: 'member' },
  { id: 'filesystem.rust-fs-write', family: 'filesystem', title: 'Writes, creates, moves, copies, deletes or changes files and directories through std::fs or tokio::fs (write, create_dir_all, remove_file, remove_dir_all, rename, copy, set_permissions, links; also async-std, smol, fs-err and the std::os platform link calls)', sources: [...FS, ...OS_FS], members: FS_WRITES, access: 'write', raw: 'member' },
  { id: 'filesystem.rust-file-open', family: 'filesystem', title: 'Opens a file for reading through File::open (std::fs, tokio::fs, async-std, smol, fs-err)', sources: FILE, members: ['open'], access: 'read', raw: 'member' },
  { id: 'filesystem.rust-file-create', family: 'filesystem', title: 'Creates or truncates a file through File::create or File::create_new (std::fs, tokio::fs, async-std, smol, fs-err)', sources: FILE, members: ['create', 'create_new'], access: 'write', raw: 'member' },
  { id: 'filesystem.rust-open-options', family: 'filesystem', title: 'Opens a file through OpenOptions (OpenOptions::new or File::options; write when the chained calls set write, append, create, create_new or truncate, or the options are not chained up to open)', sources: [...OPEN_OPTIONS, ...FILE], members: ['new', 'options'], openOptions: true, raw: 'member' },
  { id: 'filesystem.rust-file-write-package', family: 'filesystem', title: 'Uses a crate that writes files (tempfile, fs_extra, file locks, rotating log files, the trash)', sources: FILE_WRITE_PACKAGES, access: 'write', raw: 'module' },
  { id: 'filesystem.rust-file-read-package', family: 'filesystem', title: 'Uses a crate that reads or lists files (walkdir, ignore, glob, notify watchers, memory maps, sysinfo and procfs, which, the config loader)', sources: FILE_READ_PACKAGES, access: 'read', raw: 'module' },
  { id: 'filesystem.rust-git-package', family: 'filesystem', title: 'Uses a git implementation that reads and writes repositories on disk without the git process (git2, gix; access not decided)', sources: GIT_LIBRARIES, raw: 'module', also: ['network.rust-git-package'] },
  { id: 'filesystem.rust-embedded-database', family: 'filesystem', title: 'Uses an embedded database (rusqlite, sled, redb, RocksDB, LMDB, DuckDB: opens a database file; counted as a read, like the other languages\' SQLite drivers)', sources: EMBEDDED_DATABASES, access: 'read', raw: 'module' },
  { id: 'filesystem.rust-dotenv-load', family: 'filesystem', title: 'Reads .env files through dotenvy or dotenv (dotenv, from_path, from_filename and their _override and _iter forms; ./.env when no file is named)', sources: ['dotenvy', 'dotenv'], members: ['dotenv', 'from_path', 'from_filename', 'dotenv_override', 'from_path_override', 'from_filename_override', 'dotenv_iter', 'from_path_iter', 'from_filename_iter', 'var', 'vars'], access: 'read', raw: 'member' },
  { id: 'filesystem.rust-keyring', family: 'filesystem', title: 'Uses the OS credential store (Keychain, Secret Service, Credential Manager) through the keyring crate (Entry get_password, set_password, delete_credential: read or write by call; access not decided)', sources: ['keyring'], raw: 'module' },
  { id: 'filesystem.rust-include-outside', family: 'filesystem', title: 'Compiles in a file from outside the package at build time (include_str!, include_bytes! or include! of an absolute path or a path above the Cargo.toml directory, such as a key under the home directory): the file is read and its bytes ship in the binary', sources: [], access: 'read', raw: 'member' },
  { id: 'filesystem.rust-libc-write', family: 'filesystem', title: 'Opens, creates, deletes, moves or changes files through the C library (libc open, openat, creat, unlink, rmdir, rename, mkdir, chmod, chown, truncate, symlink, link; an open counts as a write, its flags are not read)', sources: ['libc'], members: LIBC_WRITES, access: 'write', raw: 'member' },
  { id: 'filesystem.rust-libc-read', family: 'filesystem', title: 'Inspects files or reads links by path through the C library (libc stat, lstat, access, readlink, opendir, realpath, getxattr)', sources: ['libc'], members: LIBC_READS, access: 'read', raw: 'member' },
  // network
  { id: 'filesystem.rust-nix-write', family: 'filesystem', title: 'Opens, creates, deletes, moves or changes files through nix (fcntl open and openat, unistd unlink, mkdir, truncate, links, sys::stat mknod and fchmodat, mount; an open counts as a write, its flags are not read)', sources: NIX_FS, members: NIX_WRITES, access: 'write', raw: 'member' },
  { id: 'filesystem.rust-syscall-trap-write', family: 'filesystem', title: 'Names a system call that opens, creates, deletes, moves or changes files (libc::SYS_openat, SYS_unlink, ... for a raw libc::syscall; an open by number counts as a write)', sources: ['libc'], members: SYS_WRITE, access: 'write', raw: 'member' },
  { id: 'network.rust-nix-socket', family: 'network', title: 'Opens, connects, binds or sends on a socket through nix (nix::sys::socket)', sources: ['nix::sys::socket'], raw: 'module' },
  { id: 'network.rust-syscall-trap', family: 'network', title: 'Names a system call that opens, connects, binds or sends on a socket (libc::SYS_socket, SYS_connect, ... for a raw libc::syscall)', sources: ['libc'], members: SYS_SOCKET, raw: 'member' },
  { id: 'network.rust-libc-socket', family: 'network', title: 'Opens, connects, binds or sends on a socket, or resolves names, through the C library (libc socket, connect, bind, listen, sendto, getaddrinfo, ...)', sources: ['libc'], members: LIBC_SOCKETS, raw: 'member' },
  { id: 'network.rust-net', family: 'network', title: 'Opens, binds or connects sockets or resolves names through std::net, tokio::net or async-std (TcpStream, TcpListener, UdpSocket, Unix sockets, lookup_host)', sources: NET, members: NET_MEMBERS, raw: 'member' },
  { id: 'network.rust-http-client', family: 'network', title: 'Uses an HTTP client crate (reqwest, ureq, surf, isahc, attohttpc, curl, awc; hyper and hyper-util clients and servers)', sources: HTTP_CLIENTS, raw: 'module' },
  { id: 'network.rust-websocket', family: 'network', title: 'Uses a WebSocket crate (tungstenite, tokio-tungstenite, async-tungstenite, websocket, ws)', sources: WEBSOCKETS, raw: 'module' },
  { id: 'network.rust-server-package', family: 'network', title: 'Uses an HTTP server framework (axum, actix-web, warp, rocket, poem, tide, salvo, tiny_http)', sources: SERVERS, raw: 'module' },
  { id: 'network.rust-client-package', family: 'network', title: 'Uses a network client crate (gRPC through tonic, mail, SSH, DNS resolvers, message queues, FTP, LDAP, IMAP)', sources: CLIENT_PACKAGES, raw: 'module' },
  { id: 'network.rust-git-package', family: 'network', title: 'Uses a git implementation that clones, fetches and pushes over the network (git2, gix)', sources: [], raw: 'module' },
  { id: 'network.rust-database-client', family: 'network', title: 'Uses a database client (PostgreSQL, MySQL, MongoDB, Redis, sqlx, diesel, SeaORM, Elasticsearch, Qdrant, ...: opens network connections; sqlx and diesel count here even when only SQLite is configured)', sources: DATABASES, raw: 'module' },
  { id: 'network.rust-service-sdk', family: 'network', title: 'Uses the SDK of a remote service or a browser driver (AWS, Google Cloud, Azure, GitHub, Kubernetes, Docker, AI providers, chat platforms, object stores, headless Chrome, WebDriver)', sources: SERVICE_SDKS, raw: 'module' },
  { id: 'network.rust-mcp-transport', family: 'network', title: 'Serves MCP over HTTP or connects to an MCP server over HTTP through rmcp (SSE and streamable HTTP servers and clients, OAuth clients, Unix socket transports)', sources: RMCP_HTTP, raw: 'module' },
  // subprocess
  { id: 'subprocess.rust-command', family: 'subprocess', title: 'Starts processes through Command (std::process, tokio::process, async-process, async-std, smol)', sources: PROCESS, members: ['Command'], raw: 'member' },
  { id: 'subprocess.rust-os-process', family: 'subprocess', title: 'Starts or replaces processes through the C library or nix (fork, execv, execvp, system, popen, posix_spawn, ...)', sources: ['libc', 'nix::unistd', 'nix::spawn', 'nix::sched'], members: LIBC_EXEC, raw: 'member' },
  { id: 'subprocess.rust-windows-process', family: 'subprocess', title: 'Starts a process, or opens a file or URL with its handler, through the Windows API (CreateProcessW, CreateProcessAsUserW, WinExec, ShellExecuteW, ... of windows-sys, windows or winapi)', sources: WINDOWS_PROCESS_MODULES, members: WINDOWS_PROCESS, raw: 'member' },
  { id: 'subprocess.rust-syscall-trap', family: 'subprocess', title: 'Names a system call that starts or replaces a process (libc::SYS_execve, SYS_clone, SYS_fork, ... for a raw libc::syscall)', sources: ['libc'], members: SYS_EXEC, raw: 'member' },
  { id: 'subprocess.rust-spawn-package', family: 'subprocess', title: 'Uses a process-spawning crate (duct, xshell, subprocess, cmd_lib, pseudo-terminals, expect, system openers and browsers)', sources: SPAWN_PACKAGES, raw: 'module' },
  { id: 'subprocess.rust-mcp-child-process', family: 'subprocess', title: 'Starts an MCP server process over stdio through rmcp (TokioChildProcess, the child_process transport)', sources: RMCP_CHILD, raw: 'module' },
  // crypto
  { id: 'crypto.rust-package', family: 'crypto', title: 'Uses a cryptography crate (ring, rustls, OpenSSL, RustCrypto hashes, ciphers and signatures, JWT, password hashes, secure random)', sources: CRYPTO_PACKAGES, raw: 'module' },
  // code evaluation
  { id: 'code-evaluation.rust-interpreter', family: 'codeEvaluation', title: 'Uses an interpreter, JavaScript engine or WebAssembly runtime (rhai, boa, deno_core, V8, QuickJS, Lua through mlua or rlua, RustPython, wasmtime, wasmer, Starlark, evalexpr)', sources: INTERPRETERS, raw: 'module' },
  { id: 'code-evaluation.rust-python-run', family: 'codeEvaluation', title: 'Runs Python code through pyo3 (PyModule::from_code, the py_run! and py_eval macros; Python::run and eval)', sources: ['pyo3::types::PyModule', 'pyo3::prelude::PyModule', 'pyo3::PyModule', 'pyo3::Python', 'pyo3::prelude::Python', 'pyo3'], members: ['from_code', 'from_code_bound', 'run', 'eval', 'run_bound', 'eval_bound', 'py_run'], raw: 'member' },
  { id: 'code-evaluation.rust-native-library', family: 'codeEvaluation', title: 'Loads a native library at run time and looks its functions up by name (libloading, dlopen, libc dlopen and dlsym)', sources: NATIVE_LIBRARIES, raw: 'module' },
  { id: 'code-evaluation.rust-dlopen', family: 'codeEvaluation', title: 'Loads a native library at run time through the C library (libc dlopen, dlsym, dlmopen)', sources: ['libc'], members: ['dlopen', 'dlsym', 'dlmopen', 'dlvsym'], raw: 'member' },
  { id: 'code-evaluation.rust-exec-memory', family: 'codeEvaluation', title: 'Makes memory executable (libc PROT_EXEC for mmap and mprotect, nix ProtFlags::PROT_EXEC, Windows PAGE_EXECUTE* for VirtualAlloc): machine code written into memory and run', sources: ['libc', 'nix::sys::mman::ProtFlags', 'windows_sys::Win32::System::Memory', 'windows::Win32::System::Memory', 'winapi::um::winnt'], members: ['PROT_EXEC', 'PAGE_EXECUTE', 'PAGE_EXECUTE_READ', 'PAGE_EXECUTE_READWRITE', 'PAGE_EXECUTE_WRITECOPY'], raw: 'member' },
  { id: 'code-evaluation.rust-ptrace', family: 'codeEvaluation', title: 'Reads or changes another process\'s memory or registers (libc ptrace, process_vm_writev, process_vm_readv; nix::sys::ptrace)', sources: ['libc'], members: LIBC_PTRACE, raw: 'member' },
  { id: 'code-evaluation.rust-nix-ptrace', family: 'codeEvaluation', title: 'Attaches to another process and reads or changes its memory or registers through nix::sys::ptrace (attach, seize, write, setregs, ...)', sources: ['nix::sys::ptrace'], raw: 'module' },
  { id: 'code-evaluation.rust-syscall-trap', family: 'codeEvaluation', title: 'Names a system call that changes another process\'s memory or loads code into the kernel (libc::SYS_ptrace, SYS_process_vm_writev, SYS_init_module, SYS_bpf, ...)', sources: ['libc'], members: SYS_CODE, raw: 'member' },
  { id: 'code-evaluation.rust-inline-asm', family: 'codeEvaluation', title: 'Runs machine code written in the source (the asm!, global_asm! and naked_asm! macros of std::arch or core::arch), which can make system calls no row names', sources: ['std::arch', 'core::arch'], members: ['asm', 'global_asm', 'naked_asm'], raw: 'member' },
  { id: 'code-evaluation.rust-text-section', family: 'codeEvaluation', title: 'Places data in an executable section (#[link_section = ".text"] or another code section on a static): bytes written in the source run as machine code', sources: [], raw: 'member' },
  { id: 'code-evaluation.rust-ffi', family: 'codeEvaluation', title: 'Declares foreign functions (an extern block, `extern "C" { fn … }`): calls native code, as cgo does', sources: [], raw: 'member' },
  // environment
  { id: 'environment.rust-env', family: 'environment', title: 'Reads or changes environment variables through std::env (var, var_os, vars, vars_os, set_var, remove_var)', sources: ['std::env', 'async_std::env'], members: ['var', 'var_os', 'vars', 'vars_os', 'set_var', 'remove_var'], raw: 'member' },
  { id: 'environment.rust-libc-env', family: 'environment', title: 'Reads or changes environment variables through the C library (libc getenv, secure_getenv, setenv, unsetenv, putenv, clearenv)', sources: ['libc'], members: LIBC_ENV, raw: 'member' },
  { id: 'environment.rust-env-macro', family: 'environment', title: 'Reads an environment variable at build time into the binary (env! or option_env! of a variable Cargo does not set for the build: not CARGO_*, OUT_DIR, TARGET, HOST, PROFILE, ...)', sources: [], raw: 'member' },
  { id: 'environment.rust-dotenv', family: 'environment', title: 'Loads environment configuration with a .env or environment-binding crate (dotenvy, dotenv, envy)', sources: ['dotenvy', 'dotenv', 'envy'], raw: 'module' },
];
