/**
 * The C library's functions that carry a capability, by family: shared by the Rust rows for
 * `libc::…` (and the foreign functions an `extern "C"` block declares under those names) and the
 * Go rows for cgo's `C.…` (also called from a cgo preamble).
 *
 * @module
 */

/** Calls that start or replace a process. */
export const LIBC_EXEC: readonly string[] = ['fork', 'vfork', 'execv', 'execve', 'execvp', 'execvpe', 'execl', 'execle', 'execlp', 'fexecve', 'system', 'popen', 'posix_spawn', 'posix_spawnp', 'clone'];
/** Calls that open, create, delete, move or change files by path (an open counts as a write: its flags are not read). */
export const LIBC_WRITES: readonly string[] = [
  'open', 'open64', 'openat', 'openat64', 'creat', 'creat64', 'fopen', 'fopen64', 'unlink', 'unlinkat', 'rmdir', 'rename', 'renameat', 'renameat2', 'mkdir',
  'mkdirat', 'chmod', 'fchmodat', 'chown', 'lchown', 'fchownat', 'truncate', 'truncate64', 'symlink', 'symlinkat', 'link', 'linkat', 'mknod', 'mkfifo', 'utimes',
  'utimensat', 'setxattr', 'removexattr', 'mount', 'umount', 'umount2', 'remove', 'freopen', 'mkstemp', 'mkdtemp',
];
/** Calls that inspect files or read links by path. */
export const LIBC_READS: readonly string[] = ['stat', 'stat64', 'lstat', 'lstat64', 'fstatat', 'statx', 'statfs', 'access', 'faccessat', 'readlink', 'readlinkat', 'opendir', 'getxattr', 'listxattr', 'realpath'];
/** Calls that open, connect, bind or send on a socket, or resolve names. */
export const LIBC_SOCKETS: readonly string[] = ['socket', 'connect', 'bind', 'listen', 'accept', 'accept4', 'sendto', 'sendmsg', 'getaddrinfo', 'gethostbyname'];
/** Calls that read or change environment variables. */
export const LIBC_ENV: readonly string[] = ['getenv', 'secure_getenv', 'setenv', 'unsetenv', 'putenv', 'clearenv'];
