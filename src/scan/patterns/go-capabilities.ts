/**
 * Go capability rows, one table for the five families and environment access. Sources are import
 * paths: standard library packages are matched member by member (`os.WriteFile`, `net/http.Get`),
 * and packages whose import is the capability (`raw: 'module'`: database drivers, cloud SDKs,
 * interpreters, cgo's `C`) are reported at their import, blank imports (`_ "github.com/lib/pq"`)
 * included, and match every path below them. Ids are `<family>.go-<name>`, never renamed once
 * released.
 *
 * @module
 */
import type { GoPattern } from '../go/go-pattern.ts';
import { LIBC_ENV, LIBC_EXEC, LIBC_READS, LIBC_SOCKETS, LIBC_WRITES } from './libc-functions.ts';

const UNIX = ['syscall', 'golang.org/x/sys/unix'];
const OS_READS = ['ReadFile', 'ReadDir', 'Open', 'Stat', 'Lstat', 'DirFS', 'Readlink', 'OpenInRoot'];
const OS_WRITES = ['Create', 'CreateTemp', 'MkdirTemp', 'WriteFile', 'Remove', 'RemoveAll', 'Rename', 'Mkdir', 'MkdirAll', 'Chmod', 'Chown', 'Lchown', 'Chtimes', 'Symlink', 'Link', 'Truncate', 'CopyFS'];
const SYSCALL_WRITES = [
  'Creat', 'Unlink', 'Unlinkat', 'Rmdir', 'Mkdir', 'Mkdirat', 'Rename', 'Renameat', 'Renameat2', 'Chmod', 'Fchmod', 'Fchmodat', 'Chown', 'Fchown', 'Fchownat',
  'Lchown', 'Symlink', 'Symlinkat', 'Link', 'Linkat', 'Truncate', 'Ftruncate', 'Mknod', 'Mknodat', 'Mkfifo', 'Mkfifoat', 'Utimes', 'UtimesNano', 'UtimesNanoAt',
  'Utimensat', 'Utime', 'Futimesat', 'Lutimes', 'Setxattr', 'Lsetxattr', 'Removexattr', 'Lremovexattr', 'Mount', 'Unmount',
];
/** System calls on a path that read or inspect files (calls on a descriptor count where it was opened). */
const SYSCALL_READS = ['Stat', 'Lstat', 'Fstatat', 'Statx', 'Statfs', 'Access', 'Faccessat', 'Readlink', 'Readlinkat', 'Getxattr', 'Lgetxattr', 'Listxattr', 'Llistxattr'];
/** System calls that open, connect, bind or send on a socket, or resolve names (the Windows DNS and getaddrinfo calls). */
const SYSCALL_SOCKETS = ['Socket', 'Connect', 'Bind', 'Listen', 'Sendto', 'Sendmsg', 'SendmsgN', 'LsfSocket', 'WSASocket', 'ConnectEx', 'AcceptEx', 'WSASendto', 'WSASendTo', 'TransmitFile', 'DnsQuery', 'GetAddrInfoW', 'GetHostByName'];
/**
 * System call numbers (`syscall.SYS_EXECVE`, `unix.SYS_OPENAT`) name what a raw
 * `Syscall(trap, …)` does: the constant is the capability, wherever it is used. An open by number
 * counts as a write (its flags are another argument of a call whose shape the scanner does not know).
 */
const TRAP_EXEC = ['SYS_EXECVE', 'SYS_EXECVEAT', 'SYS_FORK', 'SYS_VFORK', 'SYS_CLONE', 'SYS_CLONE3', 'SYS_POSIX_SPAWN'];
const TRAP_SOCKET = ['SYS_SOCKET', 'SYS_SOCKETCALL', 'SYS_CONNECT', 'SYS_BIND', 'SYS_LISTEN', 'SYS_ACCEPT', 'SYS_ACCEPT4', 'SYS_SENDTO', 'SYS_SENDMSG', 'SYS_SENDMMSG'];
const TRAP_WRITE = [
  'SYS_OPEN', 'SYS_OPENAT', 'SYS_OPENAT2', 'SYS_OPEN_BY_HANDLE_AT', 'SYS_CREAT', 'SYS_UNLINK', 'SYS_UNLINKAT', 'SYS_RENAME', 'SYS_RENAMEAT', 'SYS_RENAMEAT2', 'SYS_MKDIR',
  'SYS_MKDIRAT', 'SYS_RMDIR', 'SYS_CHMOD', 'SYS_FCHMODAT', 'SYS_FCHMODAT2', 'SYS_CHOWN', 'SYS_LCHOWN', 'SYS_FCHOWNAT', 'SYS_TRUNCATE', 'SYS_LINK', 'SYS_LINKAT',
  'SYS_SYMLINK', 'SYS_SYMLINKAT', 'SYS_MKNOD', 'SYS_MKNODAT', 'SYS_MOUNT', 'SYS_UMOUNT2', 'SYS_UTIMES', 'SYS_UTIMENSAT', 'SYS_SETXATTR', 'SYS_LSETXATTR',
  'SYS_REMOVEXATTR', 'SYS_LREMOVEXATTR',
];
const TRAP_READ = [
  'SYS_STAT', 'SYS_LSTAT', 'SYS_NEWFSTATAT', 'SYS_FSTATAT64', 'SYS_STATX', 'SYS_STATFS', 'SYS_ACCESS', 'SYS_FACCESSAT', 'SYS_FACCESSAT2', 'SYS_READLINK',
  'SYS_READLINKAT', 'SYS_GETXATTR', 'SYS_LGETXATTR', 'SYS_LISTXATTR', 'SYS_LLISTXATTR',
];
/** Calls that change another process's memory or load code into the kernel. */
const TRAP_CODE = ['SYS_PTRACE', 'SYS_PROCESS_VM_WRITEV', 'SYS_INIT_MODULE', 'SYS_FINIT_MODULE', 'SYS_BPF', 'SYS_KEXEC_LOAD', 'SYS_KEXEC_FILE_LOAD'];
/** Windows file calls by path (syscall and golang.org/x/sys/windows). */
const WINDOWS = ['syscall', 'golang.org/x/sys/windows'];
const WINDOWS_WRITES = ['DeleteFile', 'MoveFile', 'MoveFileEx', 'RemoveDirectory', 'CreateDirectory', 'SetFileAttributes', 'CreateHardLink', 'CreateSymbolicLink'];
const WINDOWS_READS = ['FindFirstFile', 'GetFileAttributes', 'GetFileAttributesEx', 'FindFirstChangeNotification'];
const NET_MEMBERS = [
  'Dial', 'DialTimeout', 'DialTCP', 'DialUDP', 'DialIP', 'DialUnix', 'Dialer', 'Listen', 'ListenTCP', 'ListenUDP', 'ListenIP', 'ListenUnix',
  'ListenUnixgram', 'ListenPacket', 'ListenMulticastUDP', 'ListenConfig', 'FileConn', 'FileListener', 'FilePacketConn', 'Resolver', 'DefaultResolver',
  'LookupAddr', 'LookupCNAME', 'LookupHost', 'LookupIP', 'LookupMX', 'LookupNS', 'LookupPort', 'LookupSRV', 'LookupTXT', 'ResolveTCPAddr',
  'ResolveUDPAddr', 'ResolveIPAddr', 'ResolveUnixAddr',
];
const HTTP_CLIENT = ['Get', 'Post', 'PostForm', 'Head', 'NewRequest', 'NewRequestWithContext', 'Client', 'DefaultClient', 'Transport', 'DefaultTransport', 'NewSingleHostReverseProxy', 'ReverseProxy'];
const HTTP_SERVER = ['ListenAndServe', 'ListenAndServeTLS', 'Serve', 'ServeTLS', 'Server'];
/** Standard packages that read files by name: their members in `STDLIB_READS`. */
const STDLIB_READERS = ['archive/zip', 'text/template', 'html/template', 'go/parser', 'go/build', 'debug/elf', 'debug/macho', 'debug/pe', 'debug/plan9obj', 'debug/buildinfo'];
const STDLIB_READS = ['OpenReader', 'ParseFiles', 'ParseGlob', 'ParseDir', 'ImportDir', 'Default.ImportDir', 'Open', 'OpenFat', 'ReadFile'];
/** System calls that attach to another process, read or change its memory or registers. */
const PTRACE = [
  'PtraceAttach', 'PtraceSeize', 'PtraceInterrupt', 'PtraceCont', 'PtraceSyscall', 'PtraceSingleStep', 'PtraceDetach', 'PtraceSetOptions', 'PtracePeekData',
  'PtracePeekText', 'PtracePeekUser', 'PtracePokeData', 'PtracePokeText', 'PtracePokeUser', 'PtraceGetRegs', 'PtraceSetRegs', 'PtraceGetEventMsg',
];
/**
 * Memory protections that make a mapping executable (`syscall.PROT_EXEC` for Mmap/Mprotect, the
 * Windows `PAGE_EXECUTE*` for VirtualAlloc/VirtualProtect): machine code written into memory and
 * then run, the shape of a shellcode loader. Nothing else needs these constants.
 */
const EXEC_MEMORY = ['PROT_EXEC', 'PAGE_EXECUTE', 'PAGE_EXECUTE_READ', 'PAGE_EXECUTE_READWRITE', 'PAGE_EXECUTE_WRITECOPY'];
/** Packages that load a native library and call its functions without cgo. */
const NATIVE_PACKAGES = ['github.com/ebitengine/purego'];
const CRYPTO_STDLIB = [
  'crypto', 'crypto/aes', 'crypto/cipher', 'crypto/des', 'crypto/dsa', 'crypto/ecdh', 'crypto/ecdsa', 'crypto/ed25519', 'crypto/elliptic', 'crypto/hkdf',
  'crypto/hmac', 'crypto/md5', 'crypto/mlkem', 'crypto/pbkdf2', 'crypto/rand', 'crypto/rc4', 'crypto/rsa', 'crypto/sha1', 'crypto/sha256', 'crypto/sha3',
  'crypto/sha512', 'crypto/subtle', 'crypto/tls', 'crypto/x509', 'crypto/x509/pkix',
];
const CLIENT_PACKAGES = [
  'google.golang.org/grpc', 'github.com/gorilla/websocket', 'nhooyr.io/websocket', 'github.com/coder/websocket', 'golang.org/x/net/websocket',
  'github.com/go-resty/resty', 'resty.dev', 'github.com/valyala/fasthttp', 'github.com/imroc/req', 'github.com/hashicorp/go-retryablehttp',
  'golang.org/x/crypto/ssh', 'github.com/pkg/sftp', 'github.com/jlaffaye/ftp', 'github.com/miekg/dns', 'github.com/nats-io/nats.go',
  'github.com/segmentio/kafka-go', 'github.com/IBM/sarama', 'github.com/Shopify/sarama', 'github.com/rabbitmq/amqp091-go', 'github.com/streadway/amqp',
  'github.com/eclipse/paho.mqtt.golang', 'github.com/r3labs/sse', 'github.com/gocolly/colly', 'golang.org/x/net/proxy',
  // LDAP, IMAP and mail senders.
  'github.com/go-ldap/ldap', 'github.com/emersion/go-imap', 'github.com/emersion/go-smtp', 'github.com/wneessen/go-mail', 'gopkg.in/gomail.v2',
  'gopkg.in/mail.v2',
];
const DATABASE_PACKAGES = [
  'github.com/lib/pq', 'github.com/jackc/pgx', 'go.mongodb.org/mongo-driver', 'github.com/redis/go-redis', 'github.com/go-redis/redis',
  'github.com/gomodule/redigo', 'github.com/go-sql-driver/mysql', 'github.com/elastic/go-elasticsearch', 'github.com/olivere/elastic',
  'github.com/gocql/gocql', 'github.com/neo4j/neo4j-go-driver', 'github.com/ClickHouse/clickhouse-go', 'github.com/microsoft/go-mssqldb',
  'github.com/denisenkom/go-mssqldb', 'github.com/qdrant/go-client', 'github.com/weaviate/weaviate-go-client', 'github.com/milvus-io/milvus-sdk-go',
  'github.com/pinecone-io/go-pinecone', 'go.etcd.io/etcd/client', 'github.com/snowflakedb/gosnowflake',
  // GORM's drivers for server databases (its SQLite driver is a file, below).
  'gorm.io/driver/postgres', 'gorm.io/driver/mysql', 'gorm.io/driver/sqlserver', 'gorm.io/driver/clickhouse',
  'github.com/meilisearch/meilisearch-go', 'github.com/typesense/typesense-go',
  // Redis and Valkey clients besides go-redis, Oracle, OpenSearch, time-series, query engines, caches.
  'github.com/redis/rueidis', 'github.com/valkey-io/valkey-go', 'github.com/mediocregopher/radix', 'github.com/sijms/go-ora', 'github.com/godror/godror',
  'github.com/opensearch-project/opensearch-go', 'github.com/influxdata/influxdb-client-go', 'github.com/influxdata/influxdb1-client',
  'github.com/trinodb/trino-go-client', 'github.com/prestodb/presto-go-client', 'github.com/databricks/databricks-sql-go', 'github.com/couchbase/gocb',
  'github.com/aerospike/aerospike-client-go', 'github.com/dgraph-io/dgo', 'github.com/bradfitz/gomemcache', 'github.com/SAP/go-hdb',
  'github.com/vertica/vertica-sql-go', 'github.com/apache/cassandra-gocql-driver', 'github.com/scylladb/gocqlx', 'github.com/go-zookeeper/zk',
];
const SERVICE_SDKS = [
  'github.com/aws/aws-sdk-go', 'github.com/aws/aws-sdk-go-v2', 'cloud.google.com/go', 'google.golang.org/api', 'github.com/Azure/azure-sdk-for-go',
  'github.com/google/go-github', 'github.com/shurcooL/githubv4', 'github.com/xanzy/go-gitlab', 'gitlab.com/gitlab-org/api/client-go',
  'github.com/slack-go/slack', 'github.com/bwmarrin/discordgo', 'github.com/sashabaranov/go-openai', 'github.com/openai/openai-go',
  'github.com/anthropics/anthropic-sdk-go', 'github.com/google/generative-ai-go', 'google.golang.org/genai', 'github.com/stripe/stripe-go',
  'github.com/twilio/twilio-go', 'k8s.io/client-go', 'github.com/docker/docker/client', 'github.com/hashicorp/vault/api',
  'github.com/andygrunwald/go-jira', 'github.com/jomei/notionapi', 'golang.org/x/oauth2', 'github.com/minio/minio-go',
  'github.com/ollama/ollama/api', 'github.com/tmc/langchaingo/llms', 'github.com/google/go-containerregistry', 'github.com/hashicorp/consul/api',
  // The helm SDK's actions (install, upgrade, list, ... talk to the Kubernetes API), chart repository,
  // registry and download clients; its chart and values packages alone touch no network.
  ...['v3', 'v4'].flatMap((v) => ['action', 'repo', 'registry', 'downloader', 'getter', 'pusher', 'uploader'].map((p) => `helm.sh/helm/${v}/pkg/${p}`)),
];
/** The helm SDK calls that read a chart (a directory or an archive) or the repository file from disk, by path. */
const HELM_CHART_READERS = ['helm.sh/helm/v3/pkg/chart/loader', 'helm.sh/helm/v4/pkg/chart/loader', 'helm.sh/helm/v4/pkg/chart/v2/loader', 'helm.sh/helm/v3/pkg/repo', 'helm.sh/helm/v4/pkg/repo', 'helm.sh/helm/v4/pkg/repo/v1'];
const SERVER_PACKAGES = ['github.com/gin-gonic/gin', 'github.com/labstack/echo', 'github.com/go-chi/chi', 'github.com/gofiber/fiber', 'github.com/gorilla/mux', 'net/http/pprof', 'expvar'];
const MCP_GO_CLIENT = 'github.com/mark3labs/mcp-go/client';
const MCP_GO_TRANSPORT = 'github.com/mark3labs/mcp-go/client/transport';
const MCP_GO_SERVER = 'github.com/mark3labs/mcp-go/server';
const MCP_GO_SDK = 'github.com/modelcontextprotocol/go-sdk/mcp';
const SQLITE_PACKAGES = ['github.com/mattn/go-sqlite3', 'modernc.org/sqlite', 'github.com/glebarez/go-sqlite', 'github.com/glebarez/sqlite', 'github.com/ncruces/go-sqlite3', 'zombiezen.com/go/sqlite', 'crawshaw.io/sqlite', 'go.etcd.io/bbolt', 'github.com/boltdb/bolt', 'github.com/dgraph-io/badger', 'github.com/syndtr/goleveldb', 'gorm.io/driver/sqlite'];
/** Packages that write files on the caller's behalf (a filesystem abstraction over the OS, copy helpers, file locks, rotating log files). */
const FILE_WRITE_PACKAGES = ['github.com/otiai10/copy', 'github.com/gofrs/flock', 'gopkg.in/natefinch/lumberjack.v2', 'github.com/natefinch/lumberjack', 'github.com/mholt/archiver', 'github.com/mholt/archives'];
/** Packages that read files on the caller's behalf (file watchers, configuration file loaders). */
const FILE_READ_PACKAGES = ['github.com/fsnotify/fsnotify', 'github.com/spf13/viper'];
/**
 * Packages that read process and system information from the operating system: /proc and /sys on
 * Linux (process command lines, environments, open files and connections, mounts, disk usage of a
 * path), sysctl and WMI elsewhere. Signalling a process they list (Kill, Terminate) is no capability.
 */
const SYSTEM_INFO_PACKAGES = ['github.com/shirou/gopsutil', 'github.com/elastic/go-sysinfo', 'github.com/prometheus/procfs'];
/** The OS credential store (macOS Keychain, the Secret Service, Windows Credential Manager) through go-keyring. */
const KEYRING = ['github.com/zalando/go-keyring'];
/** Git implementations in Go: clone, fetch and push over the network into a work tree on disk. */
const GIT_PACKAGES = ['github.com/go-git/go-git', 'gopkg.in/src-d/go-git.v4'];
const SPAWN_PACKAGES = ['github.com/hashicorp/go-plugin', 'github.com/hashicorp/terraform-exec', 'github.com/creack/pty', 'github.com/kr/pty', 'github.com/aymanbagabas/go-pty', 'github.com/go-cmd/cmd', 'github.com/bitfield/script', 'github.com/codeskyblue/go-sh', 'github.com/pkg/browser', 'github.com/skratchdot/open-golang', 'github.com/atotto/clipboard'];
const BROWSER_PACKAGES = ['github.com/chromedp/chromedp', 'github.com/playwright-community/playwright-go', 'github.com/go-rod/rod', 'github.com/tebeka/selenium'];
const CRYPTO_PACKAGES = ['golang.org/x/crypto', 'github.com/golang-jwt/jwt', 'github.com/dgrijalva/jwt-go', 'github.com/lestrrat-go/jwx', 'filippo.io/age', 'filippo.io/edwards25519', 'github.com/ProtonMail/go-crypto', 'github.com/cloudflare/circl', 'github.com/go-jose/go-jose', 'gopkg.in/square/go-jose'];
const INTERPRETERS = [
  'github.com/traefik/yaegi', 'github.com/containous/yaegi', 'github.com/dop251/goja', 'github.com/robertkrimen/otto', 'github.com/expr-lang/expr',
  'github.com/antonmedv/expr', 'github.com/Knetic/govaluate', 'github.com/d5/tengo', 'github.com/yuin/gopher-lua', 'github.com/Shopify/go-lua',
  'go.starlark.net', 'github.com/google/cel-go', 'github.com/tetratelabs/wazero', 'github.com/bytecodealliance/wasmtime-go', 'github.com/wasmerio/wasmer-go',
];
const ENV_PACKAGES = ['github.com/joho/godotenv', 'github.com/kelseyhightower/envconfig', 'github.com/caarlos0/env', 'github.com/sethvargo/go-envconfig'];

/** Go capability rows. */
export const GO_PATTERNS: readonly GoPattern[] = [
  // filesystem
  { id: 'filesystem.go-open-file', family: 'filesystem', title: 'Opens a file with explicit flags through os.OpenFile (write when the flags allow writing; flags that are not a literal count as a write)', sources: ['os'], members: ['OpenFile'], flags: 1, raw: 'member' },
  { id: 'filesystem.go-syscall-open', family: 'filesystem', title: 'Opens a file through syscall.Open or golang.org/x/sys/unix.Open (write when the flags allow writing; flags that are not a literal count as a write)', sources: UNIX, members: ['Open'], flags: 1, raw: 'member' },
  { id: 'filesystem.go-syscall-openat', family: 'filesystem', title: 'Opens a file relative to a directory through syscall.Openat or golang.org/x/sys/unix.Openat/Openat2 (write when the flags allow writing; flags that are not a literal count as a write)', sources: UNIX, members: ['Openat', 'Openat2'], flags: 2, raw: 'member' },
  { id: 'filesystem.go-os-read', family: 'filesystem', title: 'Reads, lists or inspects files through os (ReadFile, ReadDir, Open, Stat, Lstat, DirFS, Readlink)', sources: ['os'], members: OS_READS, access: 'read', raw: 'member' },
  // A Root (Go 1.24) opens, creates, writes and removes any file below its directory; its methods
  // run on a value the scanner does not follow, so the open of the tree counts as both.
  { id: 'filesystem.go-os-root', family: 'filesystem', title: 'Opens a directory tree through os.OpenRoot (the Root opens, creates, writes and removes files below it; a write, with a read beside it)', sources: ['os'], members: ['OpenRoot'], access: 'write', raw: 'member', also: ['filesystem.go-os-root-read'] },
  { id: 'filesystem.go-os-root-read', family: 'filesystem', title: 'Reads files below a directory opened with os.OpenRoot (reported beside filesystem.go-os-root)', sources: [], access: 'read', raw: 'member' },
  { id: 'filesystem.go-os-write', family: 'filesystem', title: 'Creates, writes, moves, deletes or changes files through os (Create, WriteFile, Remove, RemoveAll, Rename, Mkdir, Chmod, Symlink, Truncate, ...)', sources: ['os'], members: OS_WRITES, access: 'write', raw: 'member' },
  { id: 'filesystem.go-ioutil-read', family: 'filesystem', title: 'Reads or lists files through io/ioutil (ReadFile, ReadDir)', sources: ['io/ioutil'], members: ['ReadFile', 'ReadDir'], access: 'read', raw: 'member' },
  { id: 'filesystem.go-ioutil-write', family: 'filesystem', title: 'Writes files or creates temporary files through io/ioutil (WriteFile, TempFile, TempDir)', sources: ['io/ioutil'], members: ['WriteFile', 'TempFile', 'TempDir'], access: 'write', raw: 'member' },
  { id: 'filesystem.go-filepath-read', family: 'filesystem', title: 'Walks or globs the filesystem through path/filepath (Walk, WalkDir, Glob, EvalSymlinks)', sources: ['path/filepath'], members: ['Walk', 'WalkDir', 'Glob', 'EvalSymlinks'], access: 'read', raw: 'member' },
  { id: 'filesystem.go-syscall-write', family: 'filesystem', title: 'Creates, deletes, moves or changes files through syscall or golang.org/x/sys/unix', sources: UNIX, members: SYSCALL_WRITES, access: 'write', raw: 'member' },
  { id: 'filesystem.go-syscall-read', family: 'filesystem', title: 'Inspects files or reads links and extended attributes by path through syscall or golang.org/x/sys/unix (Stat, Lstat, Access, Readlink, Getxattr, ...)', sources: UNIX, members: SYSCALL_READS, access: 'read', raw: 'member' },
  { id: 'filesystem.go-windows-create-file', family: 'filesystem', title: 'Opens or creates a file through the Windows CreateFile call (syscall or golang.org/x/sys/windows; write when the desired access allows writing or the disposition is not OPEN_EXISTING; access that is not a literal counts as a write)', sources: WINDOWS, members: ['CreateFile'], flags: 1, raw: 'member' },
  { id: 'filesystem.go-windows-write', family: 'filesystem', title: 'Deletes, moves, creates or changes files and directories through Windows calls (DeleteFile, MoveFile, RemoveDirectory, CreateDirectory, SetFileAttributes, links)', sources: WINDOWS, members: WINDOWS_WRITES, access: 'write', raw: 'member' },
  { id: 'filesystem.go-windows-read', family: 'filesystem', title: 'Lists or inspects files by path through Windows calls (FindFirstFile, GetFileAttributes, FindFirstChangeNotification)', sources: WINDOWS, members: WINDOWS_READS, access: 'read', raw: 'member' },
  { id: 'filesystem.go-syscall-trap-write', family: 'filesystem', title: 'Names a system call that opens, creates, deletes, moves or changes files (syscall.SYS_OPENAT, SYS_UNLINK, ... for a raw Syscall; an open by number counts as a write)', sources: UNIX, members: TRAP_WRITE, access: 'write', raw: 'member' },
  { id: 'filesystem.go-syscall-trap-read', family: 'filesystem', title: 'Names a system call that inspects files or reads links by path (syscall.SYS_STAT, SYS_READLINK, ... for a raw Syscall)', sources: UNIX, members: TRAP_READ, access: 'read', raw: 'member' },
  { id: 'filesystem.go-cgo-libc-write', family: 'filesystem', title: 'Opens, creates, deletes, moves or changes files through a C library function called with cgo (C.fopen, C.open, C.unlink, C.rename, C.chmod, ...; also called from the cgo preamble; an open counts as a write)', sources: ['C'], members: LIBC_WRITES, access: 'write', raw: 'member' },
  { id: 'filesystem.go-cgo-libc-read', family: 'filesystem', title: 'Inspects files or reads links by path through a C library function called with cgo (C.stat, C.access, C.readlink, C.opendir, C.realpath; also from the cgo preamble)', sources: ['C'], members: LIBC_READS, access: 'read', raw: 'member' },
  { id: 'filesystem.go-lookpath', family: 'filesystem', title: 'Searches the PATH directories for an executable (os/exec.LookPath, also golang.org/x/sys/execabs)', sources: ['os/exec', 'golang.org/x/sys/execabs'], members: ['LookPath'], access: 'read', raw: 'member' },
  { id: 'filesystem.go-kube-config', family: 'filesystem', title: 'Reads a Kubernetes client configuration from disk through client-go (clientcmd.BuildConfigFromFlags and LoadFromFile read a kubeconfig file, a deferred loading client config reads the files its loading rules name, rest.InClusterConfig reads the service-account token and CA files)', sources: ['k8s.io/client-go/tools/clientcmd', 'k8s.io/client-go/rest'], members: ['BuildConfigFromFlags', 'LoadFromFile', 'NewNonInteractiveDeferredLoadingClientConfig', 'NewInteractiveDeferredLoadingClientConfig', 'InClusterConfig'], access: 'read', raw: 'member' },
  { id: 'filesystem.go-aws-shared-config', family: 'filesystem', title: 'Reads the shared AWS config and credentials files (~/.aws/config, ~/.aws/credentials or the files the environment names) through aws-sdk-go-v2 config.LoadDefaultConfig or LoadSharedConfigProfile', sources: ['github.com/aws/aws-sdk-go-v2/config'], members: ['LoadDefaultConfig', 'LoadSharedConfigProfile'], access: 'read', raw: 'member' },
  { id: 'filesystem.go-file-write-package', family: 'filesystem', title: 'Imports a package that writes files (copy helpers, file locks, lumberjack rotating logs, archivers)', sources: FILE_WRITE_PACKAGES, access: 'write', raw: 'module' },
  // afero is a filesystem interface: only its OS-backed implementation touches files; a store on
  // afero.NewMemMapFs() keeps everything in memory (heldout-code21 g02's store_mem.go).
  { id: 'filesystem.go-afero-os', family: 'filesystem', title: 'Reaches the operating system\'s files through afero (NewOsFs or an OsFs value: reads and writes by call, access not decided; afero on NewMemMapFs alone is in memory)', sources: ['github.com/spf13/afero'], members: ['NewOsFs', 'OsFs'], raw: 'member' },
  { id: 'filesystem.go-file-read-package', family: 'filesystem', title: 'Imports a package that reads files (fsnotify watchers, the viper configuration loader)', sources: FILE_READ_PACKAGES, access: 'read', raw: 'module' },
  { id: 'filesystem.go-system-info', family: 'filesystem', title: 'Imports a package that reads process and system information from the operating system (gopsutil, go-sysinfo, procfs: /proc and /sys on Linux, process command lines and open files, disk usage of a path)', sources: SYSTEM_INFO_PACKAGES, access: 'read', raw: 'module' },
  { id: 'filesystem.go-keyring-read', family: 'filesystem', title: 'Reads a secret from the OS credential store (Keychain, Secret Service, Credential Manager) through go-keyring Get', sources: KEYRING, members: ['Get'], access: 'read', raw: 'member' },
  { id: 'filesystem.go-keyring-write', family: 'filesystem', title: 'Stores or deletes secrets in the OS credential store (Keychain, Secret Service, Credential Manager) through go-keyring Set, Delete, DeleteAll', sources: KEYRING, members: ['Set', 'Delete', 'DeleteAll'], access: 'write', raw: 'member' },
  { id: 'filesystem.go-keyring-package', family: 'filesystem', title: 'Imports 99designs/keyring, which opens the OS credential store or an encrypted keyring file (read or write by call; access not decided)', sources: ['github.com/99designs/keyring'], raw: 'module' },
  { id: 'filesystem.go-git-package', family: 'filesystem', title: 'Imports a Git implementation (go-git clones and checks out into a work tree on disk)', sources: [], raw: 'module' },
  { id: 'filesystem.go-config-file', family: 'filesystem', title: 'Reads a configuration file by path through a TOML package (BurntSushi/toml DecodeFile, go-toml LoadFile)', sources: ['github.com/BurntSushi/toml', 'github.com/pelletier/go-toml'], members: ['DecodeFile', 'LoadFile'], access: 'read', raw: 'member' },
  { id: 'filesystem.go-document-read', family: 'filesystem', title: 'Opens a spreadsheet, PDF or Word file by path (excelize OpenFile, ledongthuc/pdf Open, go-fitz New, docx ReadDocxFile)', sources: ['github.com/xuri/excelize', 'github.com/ledongthuc/pdf', 'github.com/gen2brain/go-fitz', 'github.com/nguyenthenguyen/docx'], members: ['OpenFile', 'Open', 'New', 'ReadDocxFile'], access: 'read', raw: 'member' },
  { id: 'filesystem.go-helm-chart-read', family: 'filesystem', title: 'Reads a helm chart or the chart repository file from disk by path through the helm SDK (chart loader Load, LoadDir, LoadFile; repo LoadFile reads repositories.yaml)', sources: HELM_CHART_READERS, members: ['Load', 'LoadDir', 'LoadFile'], access: 'read', raw: 'member' },
  { id: 'filesystem.go-embedded-database', family: 'filesystem', title: 'Imports a SQLite driver or an embedded key-value store (opens a database file; counted as a read, like the JavaScript SQLite drivers)', sources: SQLITE_PACKAGES, access: 'read', raw: 'module' },
  // network
  { id: 'network.go-net', family: 'network', title: 'Dials, listens or resolves names through net (Dial, Listen, Lookup*, Resolve*, Dialer, Resolver)', sources: ['net'], members: NET_MEMBERS, raw: 'member' },
  { id: 'network.go-http-client', family: 'network', title: 'Makes HTTP requests through net/http (Get, Post, NewRequest, Client, Transport) or proxies them (net/http/httputil)', sources: ['net/http', 'net/http/httputil'], members: HTTP_CLIENT, raw: 'member' },
  { id: 'filesystem.go-stdlib-read', family: 'filesystem', title: 'Reads files through other standard packages (archive/zip OpenReader, text/html template ParseFiles/ParseGlob, go/parser ParseDir, go/build ImportDir (also on build.Default), debug/elf|macho|pe|plan9obj Open, debug/macho OpenFat, debug/buildinfo ReadFile)', sources: STDLIB_READERS, members: STDLIB_READS, access: 'read', raw: 'member' },
  { id: 'filesystem.go-godotenv-load', family: 'filesystem', title: 'Reads .env files through godotenv (Load, Overload, Read; ./.env when no file is named)', sources: ['github.com/joho/godotenv'], members: ['Load', 'Overload', 'Read'], access: 'read', raw: 'member' },
  { id: 'filesystem.go-godotenv-exec-read', family: 'filesystem', title: 'Reads the .env files godotenv.Exec is given (reported beside its process start)', sources: [], access: 'read', raw: 'member' },
  { id: 'filesystem.go-build-import', family: 'filesystem', title: 'Finds and reads a Go package by import path through go/build (Import, also the method on build.Default; in module mode a non-local path is resolved by running go list, unless the mode has AllowBinary or IgnoreVendor)', sources: ['go/build'], members: ['Import', 'Default.Import'], access: 'read', raw: 'member', also: ['subprocess.go-toolchain'], alsoUnless: { index: 2, names: ['AllowBinary', 'IgnoreVendor'] } },
  { id: 'filesystem.go-importer', family: 'filesystem', title: 'Makes a go/types importer through go/importer (Default, For, ForCompiler) that reads compiled export data or package source files, locating them with go list or gccgo', sources: ['go/importer'], members: ['Default', 'For', 'ForCompiler'], access: 'read', raw: 'member', also: ['subprocess.go-toolchain'] },
  { id: 'filesystem.go-parse-file', family: 'filesystem', title: 'Parses a Go file it reads from disk (go/parser ParseFile or ParseExprFrom with a nil src; with source text given it reads nothing)', sources: ['go/parser'], members: ['ParseFile', 'ParseExprFrom'], nilSource: 2, access: 'read', raw: 'member' },
  { id: 'filesystem.go-key-files', family: 'filesystem', title: 'Reads a certificate and key from files (crypto/tls LoadX509KeyPair), also counted as cryptography', sources: ['crypto/tls'], members: ['LoadX509KeyPair'], access: 'read', raw: 'member', also: ['crypto.go-stdlib'] },
  { id: 'filesystem.go-http-files', family: 'filesystem', title: 'Serves files from disk through net/http (ServeFile, FileServer, Dir)', sources: ['net/http'], members: ['ServeFile', 'ServeFileFS', 'FileServer', 'FileServerFS', 'Dir'], access: 'read', raw: 'member' },
  { id: 'network.go-http-server', family: 'network', title: 'Serves HTTP through net/http (ListenAndServe, Serve, Server)', sources: ['net/http', 'net/http/fcgi'], members: HTTP_SERVER, raw: 'member' },
  { id: 'network.go-httptest-server', family: 'network', title: 'Starts a test HTTP server listening on a local port through net/http/httptest (NewServer, NewTLSServer, NewUnstartedServer; the Server type, a recorder or a request alone listen on nothing)', sources: ['net/http/httptest'], members: ['NewServer', 'NewTLSServer', 'NewUnstartedServer'], raw: 'member' },
  { id: 'network.go-tls', family: 'network', title: 'Dials or listens over TLS through crypto/tls (Dial, Listen, Client, Server, Dialer)', sources: ['crypto/tls'], members: ['Dial', 'DialWithDialer', 'Listen', 'NewListener', 'Client', 'Server', 'Dialer'], raw: 'member' },
  { id: 'network.go-syscall-socket', family: 'network', title: 'Opens, connects, binds or sends on a socket, or resolves names, through raw system calls (syscall, golang.org/x/sys/unix or windows: Socket, Connect, Bind, Listen, Sendto, ConnectEx, DnsQuery, GetAddrInfoW, ...)', sources: [...UNIX, 'golang.org/x/sys/windows'], members: SYSCALL_SOCKETS, raw: 'member' },
  { id: 'network.go-syscall-trap', family: 'network', title: 'Names a system call that opens, connects, binds or sends on a socket (syscall.SYS_SOCKET, SYS_CONNECT, ... for a raw Syscall)', sources: UNIX, members: TRAP_SOCKET, raw: 'member' },
  { id: 'network.go-cgo-libc', family: 'network', title: 'Opens, connects, binds or sends on a socket, or resolves names, through a C library function called with cgo (C.socket, C.connect, C.getaddrinfo, ...; also from the cgo preamble)', sources: ['C'], members: LIBC_SOCKETS, raw: 'member' },
  { id: 'network.go-protocol', family: 'network', title: 'Uses RPC or mail over the network through net/rpc, net/rpc/jsonrpc or net/smtp', sources: ['net/rpc', 'net/rpc/jsonrpc', 'net/smtp'], raw: 'member' },
  { id: 'network.go-dial-other', family: 'network', title: 'Dials the network through net/textproto or log/syslog (Dial; syslog New and NewLogger connect to the system log daemon)', sources: ['net/textproto', 'log/syslog'], members: ['Dial', 'New', 'NewLogger'], raw: 'member' },
  { id: 'network.go-client-package', family: 'network', title: 'Imports a network client package (gRPC, WebSocket, HTTP clients, SSH, FTP, DNS, message queues, crawlers)', sources: CLIENT_PACKAGES, raw: 'module' },
  { id: 'network.go-database-client', family: 'network', title: 'Imports a database or vector-store client (opens network connections)', sources: DATABASE_PACKAGES, raw: 'module' },
  { id: 'network.go-service-sdk', family: 'network', title: 'Imports the SDK of a remote service (AWS, Google Cloud, Azure, GitHub, GitLab, Slack, AI providers, Kubernetes, ...)', sources: SERVICE_SDKS, raw: 'module' },
  { id: 'network.go-server-package', family: 'network', title: 'Imports an HTTP server framework, or a package whose init registers HTTP handlers on the default mux (net/http/pprof, expvar)', sources: SERVER_PACKAGES, raw: 'module' },
  { id: 'network.go-mcp-transport', family: 'network', title: 'Connects to an MCP server over HTTP, or serves MCP over HTTP (mcp-go SSE and streamable HTTP clients and servers, the Go SDK client transports)', sources: [MCP_GO_CLIENT, MCP_GO_TRANSPORT, MCP_GO_SERVER, MCP_GO_SDK], members: ['NewSSEMCPClient', 'NewStreamableHttpClient', 'NewOAuthSSEClient', 'NewOAuthStreamableHttpClient', 'NewSSE', 'NewStreamableHTTP', 'NewSSEServer', 'NewStreamableHTTPServer', 'SSEClientTransport', 'StreamableClientTransport'], raw: 'member' },
  { id: 'network.go-git-package', family: 'network', title: 'Imports a Git implementation (go-git clones, fetches and pushes over the network)', sources: GIT_PACKAGES, raw: 'module', also: ['filesystem.go-git-package'] },
  // Parsers of text that also fetch what they parse by URL; the loader is a method of the parser value
  // (`fp := gofeed.NewParser(); fp.ParseURL(u)`, see go/go-value-types.ts) or a function.
  { id: 'network.go-parser-url-loader', family: 'network', title: 'Fetches a feed or page by URL through a parser\'s loader (gofeed Parser.ParseURL, goquery NewDocument, go-readability FromURL; parsing text or a reader fetches nothing)', sources: ['github.com/mmcdole/gofeed', 'github.com/PuerkitoBio/goquery', 'github.com/go-shiori/go-readability'], members: ['Parser.ParseURL', 'Parser.ParseURLWithContext', 'NewDocument', 'FromURL'], raw: 'member' },
  { id: 'network.go-browser-automation', family: 'network', title: 'Imports a browser automation package (the browser loads pages from the network)', sources: [], raw: 'module' },
  // subprocess
  { id: 'subprocess.go-exec', family: 'subprocess', title: 'Starts processes through os/exec (Command, CommandContext, Cmd), or its drop-in golang.org/x/sys/execabs', sources: ['os/exec', 'golang.org/x/sys/execabs'], raw: 'member' },
  { id: 'subprocess.go-cgi', family: 'subprocess', title: 'Runs an executable per request through net/http/cgi (Handler)', sources: ['net/http/cgi'], members: ['Handler'], raw: 'member' },
  { id: 'subprocess.go-os-process', family: 'subprocess', title: 'Starts or replaces processes through os.StartProcess, syscall (Exec, ForkExec, StartProcess), golang.org/x/sys/unix.Exec or windows.CreateProcess', sources: ['os', ...UNIX, 'golang.org/x/sys/windows'], members: ['StartProcess', 'Exec', 'ForkExec', 'CreateProcess', 'CreateProcessAsUser', 'ShellExecute'], raw: 'member' },
  { id: 'subprocess.go-cgo-libc', family: 'subprocess', title: 'Starts or replaces a process through a C library function called with cgo (C.system, C.popen, C.execv, C.fork, C.posix_spawn, ...; also from the cgo preamble)', sources: ['C'], members: LIBC_EXEC, raw: 'member' },
  { id: 'subprocess.go-syscall-trap', family: 'subprocess', title: 'Names a system call that starts or replaces a process (syscall.SYS_EXECVE, SYS_CLONE, SYS_FORK, ... for a raw Syscall)', sources: UNIX, members: TRAP_EXEC, raw: 'member' },
  { id: 'subprocess.go-mcp-stdio-client', family: 'subprocess', title: 'Starts an MCP server process over stdio (mcp-go NewStdioMCPClient and transport.NewStdio, the Go SDK CommandTransport)', sources: [MCP_GO_CLIENT, MCP_GO_TRANSPORT, MCP_GO_SDK], members: ['NewStdioMCPClient', 'NewStdioMCPClientWithOptions', 'NewStdio', 'NewStdioWithOptions', 'CommandTransport'], raw: 'member' },
  { id: 'subprocess.go-godotenv-exec', family: 'subprocess', title: 'Runs a command with the variables of .env files through godotenv.Exec (reads the files, then starts the command)', sources: ['github.com/joho/godotenv'], members: ['Exec'], raw: 'member', also: ['filesystem.go-godotenv-exec-read'] },
  { id: 'subprocess.go-gh-exec', family: 'subprocess', title: 'Runs the GitHub CLI through cli/go-gh (Exec, ExecContext and ExecInteractive start the gh binary with the arguments given)', sources: ['github.com/cli/go-gh'], members: ['Exec', 'ExecContext', 'ExecInteractive'], raw: 'member' },
  { id: 'subprocess.go-toolchain', family: 'subprocess', title: 'Runs the Go toolchain on the caller\'s behalf (go list, go tool cgo, gccgo, pkg-config), as golang.org/x/tools/go/packages (imported), go/build Import and the go/importer importers do', sources: ['golang.org/x/tools/go/packages'], raw: 'module' },
  { id: 'subprocess.go-spawn-package', family: 'subprocess', title: 'Imports a process-spawning package (pseudo-terminals, command runners, system browser openers, plugin hosts, CLI wrappers)', sources: SPAWN_PACKAGES, raw: 'module' },
  { id: 'subprocess.go-browser-automation', family: 'subprocess', title: 'Imports a browser automation package (launches a browser process)', sources: BROWSER_PACKAGES, raw: 'module', also: ['network.go-browser-automation'] },
  // crypto
  { id: 'crypto.go-stdlib', family: 'crypto', title: 'Uses the standard library cryptography (crypto/*: hashes, ciphers, signatures, secure random, TLS configuration, certificates)', sources: CRYPTO_STDLIB, raw: 'member' },
  { id: 'crypto.go-package', family: 'crypto', title: 'Imports a cryptography package (golang.org/x/crypto, JWT, JOSE, age, OpenPGP, CIRCL)', sources: CRYPTO_PACKAGES, raw: 'module' },
  // code evaluation
  { id: 'code-evaluation.go-plugin', family: 'codeEvaluation', title: 'Loads a Go plugin (a shared object) at run time through plugin.Open', sources: ['plugin'], raw: 'member' },
  { id: 'code-evaluation.go-cgo', family: 'codeEvaluation', title: 'Uses cgo (import "C"): calls native C code', sources: ['C'], raw: 'module' },
  { id: 'code-evaluation.go-native-library', family: 'codeEvaluation', title: 'Loads a native library and looks its functions up by name (Windows LoadDLL, NewLazyDLL, LoadLibrary, GetProcAddress through syscall or golang.org/x/sys/windows)', sources: WINDOWS, members: ['LoadDLL', 'MustLoadDLL', 'LoadLibrary', 'LoadLibraryEx', 'NewLazyDLL', 'NewLazySystemDLL', 'GetProcAddress'], raw: 'member' },
  { id: 'code-evaluation.go-assembly', family: 'codeEvaluation', title: 'Declares a function without a body, whose code is machine code in an assembly (.s) file of the package or linked in from elsewhere: native code, as cgo', sources: [], raw: 'member' },
  { id: 'code-evaluation.go-native-package', family: 'codeEvaluation', title: 'Imports a package that loads a native library and calls its functions by name without cgo (purego Dlopen, RegisterLibFunc)', sources: NATIVE_PACKAGES, raw: 'module' },
  { id: 'code-evaluation.go-exec-memory', family: 'codeEvaluation', title: 'Makes memory executable (syscall or golang.org/x/sys/unix PROT_EXEC for Mmap and Mprotect, Windows PAGE_EXECUTE* for VirtualAlloc and VirtualProtect): machine code written into memory and run', sources: [...UNIX, 'golang.org/x/sys/windows'], members: EXEC_MEMORY, raw: 'member' },
  { id: 'code-evaluation.go-syscall-trap', family: 'codeEvaluation', title: 'Names a system call that changes another process\'s memory or loads code into the kernel (syscall.SYS_PTRACE, SYS_PROCESS_VM_WRITEV, SYS_INIT_MODULE, SYS_BPF, ...)', sources: UNIX, members: TRAP_CODE, raw: 'member' },
  { id: 'code-evaluation.go-ptrace', family: 'codeEvaluation', title: 'Attaches to another process and reads or changes its memory or registers through ptrace (syscall or golang.org/x/sys/unix PtraceAttach, PtracePokeData, PtraceSetRegs, ...)', sources: UNIX, members: PTRACE, raw: 'member' },
  { id: 'code-evaluation.go-unsafe', family: 'codeEvaluation', title: 'Imports unsafe: arbitrary memory access that can reach any code (also required by //go:linkname)', sources: ['unsafe'], raw: 'module' },
  { id: 'code-evaluation.go-interpreter', family: 'codeEvaluation', title: 'Imports an interpreter, expression evaluator or WebAssembly runtime (yaegi, goja, otto, expr, govaluate, Lua, Starlark, CEL, wazero)', sources: INTERPRETERS, raw: 'module' },
  // environment
  { id: 'environment.go-os-env', family: 'environment', title: 'Reads or changes environment variables through os or syscall (Getenv, LookupEnv, Environ, Setenv, Unsetenv, Clearenv, ExpandEnv)', sources: ['os', 'syscall'], members: ['Getenv', 'LookupEnv', 'Environ', 'Setenv', 'Unsetenv', 'Clearenv', 'ExpandEnv'], raw: 'member' },
  { id: 'environment.go-cgo-libc', family: 'environment', title: 'Reads or changes environment variables through a C library function called with cgo (C.getenv, C.setenv, C.putenv, ...; also from the cgo preamble)', sources: ['C'], members: LIBC_ENV, raw: 'member' },
  { id: 'environment.go-dotenv', family: 'environment', title: 'Loads environment configuration with a .env or environment-binding package (godotenv, envconfig, env)', sources: ENV_PACKAGES, raw: 'module' },
];
