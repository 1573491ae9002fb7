/**
 * Python capability rows, one table for the five families and environment access. Sources are
 * dotted module names (a reference `os.path.exists` is looked up as module `os.path`, member
 * `exists`: the longest known module prefix wins), `builtins` for `open`, `eval` and friends, and
 * `pathlib.Path` for values known to be paths. Rows without `members` match every member and the
 * module itself; packages (`raw: 'module'`) are reported at their import, like JavaScript
 * packages. Ids are `<family>.python-<name>`, never renamed once released.
 *
 * @module
 */
import type { PythonPattern } from '../python/python-pattern.ts';

const OPEN_MODE_1 = { index: 1, keyword: 'mode', kind: 'mode' } as const;

const OS_READS = ['listdir', 'scandir', 'walk', 'fwalk', 'stat', 'lstat', 'fstat', 'statvfs', 'readlink', 'access', 'read', 'pread', 'readv', 'getxattr', 'listxattr'];
const OS_WRITES = [
  'remove', 'unlink', 'rename', 'renames', 'replace', 'mkdir', 'makedirs', 'rmdir', 'removedirs', 'chmod', 'lchmod', 'fchmod',
  'chown', 'lchown', 'fchown', 'symlink', 'link', 'truncate', 'ftruncate', 'utime', 'write', 'pwrite', 'writev', 'mkfifo',
  'mknod', 'setxattr', 'removexattr', 'chflags', 'lchflags', 'fsync', 'fdatasync', 'sendfile', 'copy_file_range', 'posix_fallocate',
];
const OS_PATH_READS = ['exists', 'lexists', 'isfile', 'isdir', 'islink', 'ismount', 'isjunction', 'getsize', 'getmtime', 'getatime', 'getctime', 'samefile', 'realpath'];
const PATH_READS = [
  'read_text', 'read_bytes', 'exists', 'is_file', 'is_dir', 'is_symlink', 'is_mount', 'is_socket', 'is_fifo', 'is_block_device',
  'is_char_device', 'is_junction', 'iterdir', 'glob', 'rglob', 'walk', 'stat', 'lstat', 'readlink', 'samefile', 'owner', 'group',
];
/**
 * SQLAlchemy URL schemes of databases kept in a local file (`sqlite:///x.db`, `duckdb:///x.duckdb`);
 * every other URL, and one computed at run time, names a database server.
 */
const SQLALCHEMY_FILE_SCHEMES = ['sqlite', 'duckdb'];
/** Data-frame readers that take a path (or a file object opened elsewhere). */
const DATAFRAME_READS = [
  'read_csv', 'read_table', 'read_fwf', 'read_excel', 'read_json', 'read_ndjson', 'read_parquet', 'read_feather', 'read_ipc', 'read_orc', 'read_hdf',
  'read_sas', 'read_spss', 'read_stata', 'read_xml', 'read_avro', 'read_delta', 'scan_csv', 'scan_parquet', 'scan_ndjson', 'scan_ipc',
];
const PATH_WRITES = [
  'write_text', 'write_bytes', 'mkdir', 'touch', 'unlink', 'rmdir', 'rename', 'replace', 'chmod', 'lchmod', 'symlink_to', 'hardlink_to', 'link_to',
  // Python 3.14's copy and move methods.
  'copy', 'copy_into', 'move', 'move_into',
];

/**
 * GitPython, whose import is already a process (`git` runs for repo.git.*): what it does to the
 * repository files. Members are looked up on a Repo value (`r = git.Repo(p)`, `Repo.init(d)`,
 * `Repo.clone_from(u, d)`), on its index (`r.index.add(...)`) and on its git command wrapper
 * (`r.git.checkout(b)`); read-only queries (`r.commit(rev)`, `r.git.status()`) add nothing to the
 * opening of the repository.
 */
const GIT_REPO_WRITES = ['init', 'create_head', 'delete_head', 'create_tag', 'delete_tag', 'config_writer'];
const GIT_WORKTREE_WRITES = [
  'add', 'remove', 'move', 'commit', 'reset', 'write', 'checkout', 'switch', 'restore', 'rm', 'mv', 'merge', 'rebase', 'cherry_pick', 'revert', 'stash',
  'apply', 'am', 'clean', 'init',
];
/** The kubernetes package's configuration loaders (`from kubernetes import config`; the submodules they live in). */
const KUBE_CONFIG_MODULES = ['kubernetes.config', 'kubernetes.config.kube_config', 'kubernetes.config.incluster_config'];
/**
 * google-auth and google-auth-oauthlib classes (and the google.auth module) whose loaders read the
 * credential file named by their first argument; `from_service_account_info` and the like take a
 * dict and read nothing.
 */
const CREDENTIAL_FILE_LOADERS = [
  'google.oauth2.service_account.Credentials', 'google.oauth2.service_account.IDTokenCredentials', 'google.oauth2.credentials.Credentials',
  'google_auth_oauthlib.flow.InstalledAppFlow', 'google_auth_oauthlib.flow.Flow', 'google.auth',
];
const HTTP_CLIENTS = [
  'requests', 'httpx', 'aiohttp', 'urllib3', 'websockets', 'websocket', 'pycurl', 'httplib2', 'treq', 'grequests', 'requests_toolbelt',
  'httpcore', 'niquests', 'tornado.httpclient', 'sseclient', 'httpx_sse', 'gql',
  // Fetchers built on those clients (feedparser.parse and trafilatura.fetch_url take a URL).
  'feedparser', 'cloudscraper', 'curl_cffi', 'requests_html', 'mechanize', 'scrapy', 'trafilatura', 'newspaper',
  // The MCP Python SDK's client transports that connect to a server over the network.
  'mcp.client.sse', 'mcp.client.streamable_http', 'mcp.client.websocket',
];
const PROTOCOL_CLIENTS = [
  'ftplib', 'smtplib', 'poplib', 'imaplib', 'telnetlib', 'nntplib', 'xmlrpc.client', 'paramiko', 'asyncssh', 'pysftp', 'fabric',
  'grpc', 'zmq', 'paho', 'pika', 'aio_pika', 'kafka', 'aiokafka', 'confluent_kafka', 'nats', 'aiosmtplib', 'ldap3', 'dns.resolver',
  // Network device, packet and lookup clients.
  'scapy', 'netmiko', 'napalm', 'pysnmp', 'ntplib', 'whois', 'ipwhois', 'smbclient', 'smbprotocol', 'socketio',
];
// paramiko's private key classes, as the package root and its key modules export them.
const PARAMIKO_KEY_CLASSES = ['RSAKey', 'Ed25519Key', 'ECDSAKey', 'DSSKey', 'PKey'].flatMap((c) => [`paramiko.${c}`, `paramiko.${c === 'PKey' ? 'pkey' : `${c.replace(/Key$/, '').toLowerCase()}key`}.${c}`]);
const DATABASE_CLIENTS = [
  'psycopg2', 'psycopg', 'pymysql', 'MySQLdb', 'mysql.connector', 'asyncpg', 'aiomysql', 'pymongo', 'motor', 'redis', 'aioredis',
  'cassandra', 'elasticsearch', 'opensearchpy', 'neo4j', 'clickhouse_connect', 'clickhouse_driver', 'snowflake.connector', 'pyodbc',
  'cx_Oracle', 'oracledb', 'pymssql', 'qdrant_client', 'pinecone', 'weaviate', 'pymilvus', 'supabase', 'firebase_admin',
];
const SERVICE_SDKS = [
  'boto3', 'google.cloud', 'botocore', 'aiobotocore', 'aioboto3', 's3fs', 'gcsfs', 'adlfs', 'ocifs', 'googleapiclient', 'openai', 'anthropic', 'google.generativeai', 'google.genai',
  'mistralai', 'groq', 'cohere', 'github', 'gitlab', 'slack_sdk', 'slack_bolt', 'discord', 'twilio', 'stripe', 'sendgrid', 'notion_client',
  'kubernetes', 'docker', 'azure', 'tavily', 'exa_py', 'firecrawl', 'e2b', 'e2b_code_interpreter', 'replicate', 'huggingface_hub',
  'ollama', 'resend', 'atlassian', 'jira', 'praw', 'tweepy', 'telegram', 'litellm', 'langchain_openai', 'langchain_anthropic',
  'gspread', 'dropbox', 'msal', 'hvac', 'spotipy', 'serpapi', 'googlemaps', 'yfinance', 'wikipedia', 'duckduckgo_search', 'ddgs',
  // The arXiv API client (arxiv.Client().results(arxiv.Search(...)) queries export.arxiv.org).
  'arxiv',
  // Media downloaders (fetch pages and streams from the sites they support).
  'yt_dlp', 'youtube_dl', 'pytube',
  // YouTube transcripts (youtube-transcript-api).
  'youtube_transcript_api',
];
/**
 * The source of the WebDAV, CalDAV and CardDAV row: any top-level module named for the protocol
 * (see {@link pythonDavModule}), not a list.
 */
export const PYTHON_DAV_SOURCE = 'word:dav';
/** Given names that end in `dav` (as the JavaScript row's), also at the end of a longer word (`harshyadav`). */
const DAV_NAME_EXCEPTIONS: ReadonlySet<string> = new Set(['nadav', 'yadav', 'jadav']);

/**
 * Whether a top-level Python module is named for WebDAV, CalDAV or CardDAV, as the JavaScript
 * `network.dav-package` row reads npm names: a word of the name (between `_`) that holds
 * `webdav`, `caldav` or `carddav` (Python joins words: webdavclient3's `webdav3`, `easywebdav`,
 * `pywebdav`, `webdav4`, `caldav`, `aiocaldav`), or ends in `dav` after letters, with a version
 * number after it or not (`wsgidav`, `tsdav`); not a name of a person (`nadav`, `anishyadav`).
 *
 * @param top The first segment of a module path (`webdav3` of `webdav3.client`).
 * @returns True when the name says the protocol.
 * @example
 * pythonDavModule('easywebdav') // true
 */
export function pythonDavModule(top: string): boolean {
  return top.toLowerCase().split('_').some((word) => {
    if (/(?:webdav|caldav|carddav)/.test(word)) return true;
    const bare = word.replace(/\d+$/, '');
    // A given name, also glued to another (`anishyadav`): no protocol.
    return /^[a-z]+dav$/.test(bare) && ![...DAV_NAME_EXCEPTIONS].some((name) => bare.endsWith(name));
  });
}
/** Document converters: a local path or a URL in, text out (markitdown's convert, docling's DocumentConverter). */
const DOCUMENT_CONVERTERS = ['markitdown', 'docling', 'unstructured'];
/** Git implemented as a library (no git process): repositories on disk, remotes over the network. */
const GIT_LIBRARIES = ['dulwich', 'pygit2'];
const SERVER_PACKAGES = ['http.server', 'socketserver', 'xmlrpc.server', 'wsgiref.simple_server', 'uvicorn', 'hypercorn', 'flask', 'fastapi', 'starlette', 'sanic', 'tornado.web', 'aiohttp.web', 'bottle', 'gunicorn', 'waitress'];
/** The type of an MCP server object: the SDK's FastMCP (MCPServer in mcp 2) and FastMCP 2's. */
const MCP_SERVER_OBJECT = 'fastmcp.FastMCP';
/** Methods of an MCP server object that always serve over HTTP (the runners, and the ASGI apps a web server serves). */
export const MCP_HTTP_SERVING: readonly string[] = ['run_http_async', 'run_sse_async', 'run_streamable_http_async', 'http_app', 'sse_app', 'streamable_http_app'];
/** torchvision data sets by the position of their download argument (root is 0). */
const TORCHVISION_DOWNLOAD_POSITION: Readonly<Record<number, readonly string[]>> = {
  3: ['Caltech256', 'EuroSAT', 'Imagenette', 'MovingMNIST', 'Places365', 'SBDataset', 'SUN397', 'VOCDetection', 'VOCSegmentation'],
  4: ['CIFAR10', 'CIFAR100', 'CLEVRClassification', 'Caltech101', 'Country211', 'FashionMNIST', 'Flowers102', 'Food101', 'GTSRB', 'KMNIST', 'MNIST', 'Omniglot', 'PCAM', 'PhotoTour', 'RenderedSST2', 'SVHN', 'StanfordCars', 'USPS', 'WIDERFace'],
  5: ['CelebA', 'DTD', 'FGVCAircraft', 'INaturalist', 'Kitti', 'LFWPairs', 'LFWPeople', 'Middlebury2014Stereo', 'STL10'],
  6: ['OxfordIIITPet'],
  8: ['Kinetics'],
};
const SPAWN_PACKAGES = [
  'pexpect', 'sh', 'plumbum', 'invoke', 'sarge', 'delegator', 'git', 'ptyprocess', 'mcp.client.stdio',
  // python-nmap runs the nmap binary; pyperclip runs xclip, xsel, wl-copy or pbcopy.
  'nmap', 'pyperclip',
  // Audio and video libraries that decode and encode by running the ffmpeg program: ffmpeg-python,
  // ffmpy, pydub, moviepy, imageio-ffmpeg, static-ffmpeg. (A module named whisper is openai-whisper
  // or Graphite's whisper database: its rows go by what is called, below.)
  'ffmpeg', 'ffmpy', 'pydub', 'moviepy', 'imageio_ffmpeg', 'static_ffmpeg',
];
const BROWSER_PACKAGES = ['playwright', 'selenium', 'pyppeteer', 'undetected_chromedriver', 'splinter', 'browser_use', 'nodriver'];
const CRYPTO_PACKAGES = [
  'cryptography', 'Crypto', 'Cryptodome', 'nacl', 'jwt', 'jose', 'bcrypt', 'argon2', 'passlib', 'OpenSSL', 'ecdsa', 'rsa', 'gnupg', 'pgpy', 'pyotp', 'itsdangerous',
  'jwcrypto', 'josepy', 'authlib.jose', 'pyseto', 'tink', 'pysodium', 'libnacl', 'coincurve', 'blake3',
];
/** Embedded interpreters and expression evaluators (they run the code or expression they are given). */
const INTERPRETER_PACKAGES = ['asteval', 'simpleeval', 'RestrictedPython', 'js2py', 'py_mini_racer', 'quickjs', 'lupa', 'dukpy', 'wasmtime', 'wasmer'];
/** Document readers that open the path they are given (or a stream). */
// pymupdf4llm's to_markdown and pdfminer's extract_text / extract_pages open the path they are given.
const DOCUMENT_READERS = ['pypdf', 'PyPDF2', 'fitz', 'pymupdf', 'pdfplumber', 'docx', 'openpyxl', 'pptx', 'xlrd', 'pymupdf4llm', 'pdfminer.high_level'];
const DESERIALIZERS = ['pickle', 'cPickle', '_pickle', 'marshal', 'dill', 'cloudpickle', 'joblib'];
/**
 * Modules whose rows match single members (`os.system`, `shutil.rmtree`, `pickle.loads`) and whose
 * object handed on whole (`helper(os)`, `self.sh = shutil`, `{"p": pickle}`) carries those
 * capabilities to code the scan does not follow. Modules used mostly for something else
 * (`asyncio`, `anyio`, `codecs`, `numpy`, `yaml`, `types`) are left out: handing them on is no
 * sign of the capability.
 */
const FILESYSTEM_MODULE_OBJECTS = [
  'os', 'posix', 'nt', 'os.path', 'posixpath', 'ntpath', 'genericpath', 'shutil', 'tempfile', 'io', 'glob', 'pathlib', 'zipfile',
  'tarfile', 'fileinput', 'gzip', 'bz2', 'lzma', 'sqlite3', 'aiosqlite', 'dbm', 'aiofiles', 'aiofiles.os', 'aiofiles.ospath',
  'aiofiles.os.path', 'aiofiles.tempfile', 'builtins',
];
const SUBPROCESS_MODULE_OBJECTS = ['os', 'posix', 'nt', 'pty', 'webbrowser'];
const CODE_EVALUATION_MODULE_OBJECTS = [...DESERIALIZERS, 'shelve', 'jsonpickle', 'importlib', 'importlib.util', 'importlib.machinery', 'imp', 'timeit', 'builtins', 'ctypes', '_ctypes'];
/**
 * The members of ctypes (and `_ctypes`, its C half) that load a library or reach native code:
 * library loaders, the interpreter's own C API (`pythonapi`), function pointers built from a
 * library or an address (`CFuncPtr`), and reads and writes of raw memory (`cast` turns an address
 * into a function pointer too).
 */
const CTYPES_NATIVE = [
  'CDLL', 'PyDLL', 'WinDLL', 'OleDLL', 'cdll', 'pydll', 'windll', 'oledll', 'pythonapi', 'LibraryLoader', 'dlopen', '_dlopen', 'dlsym', 'dlclose',
  'LoadLibrary', 'FreeLibrary', 'CFuncPtr', '_CFuncPtr', 'call_function', 'call_cdeclfunction', 'memmove', 'memset', 'string_at', 'wstring_at', 'cast',
];

/**
 * Calls whose result is an object some row names by a dotted type (`Image.open(p)` is a
 * `PIL.Image.Image`, whose `save` writes): a name bound to such a call (`img = Image.open(p)`,
 * `with Image.open(p) as img`) is looked up as that type, so `img.save(q)` matches
 * `filesystem.python-image-save` while `.save()` on a receiver of unknown type matches nothing.
 * Methods listed with the type as their prefix return the same type (`img.convert('L').save(q)`).
 */
/** keras.applications' model constructors: each loads the ImageNet weights unless told otherwise. */
const KERAS_APPLICATIONS = [
  ...['Base', 'Large', 'Small', 'Tiny', 'XLarge'].map((s) => `ConvNeXt${s}`), 'DenseNet121', 'DenseNet169', 'DenseNet201',
  ...[0, 1, 2, 3, 4, 5, 6, 7].map((n) => `EfficientNetB${n}`), ...['B0', 'B1', 'B2', 'B3', 'L', 'M', 'S'].map((s) => `EfficientNetV2${s}`),
  'InceptionResNetV2', 'InceptionV3', 'MobileNet', 'MobileNetV2', 'MobileNetV3Large', 'MobileNetV3Small', 'NASNetLarge', 'NASNetMobile',
  'ResNet50', 'ResNet101', 'ResNet152', 'ResNet50V2', 'ResNet101V2', 'ResNet152V2', ...['X', 'Y'].flatMap((k) => ['002', '004', '006', '008', '016', '032', '040', '064', '080', '120', '160', '320'].map((n) => `RegNet${k}${n}`)), 'VGG16', 'VGG19', 'Xception',
];
/** keras.applications and its per-family modules (`keras.applications.resnet50.ResNet50`), under keras and tensorflow.keras. */
const KERAS_APPLICATION_SOURCES = ['keras', 'tensorflow.keras', 'tf_keras'].flatMap((k) => ['', ...['convnext', 'densenet', 'efficientnet', 'efficientnet_v2', 'imagenet_utils', 'inception_resnet_v2', 'inception_v3', 'mobilenet', 'mobilenet_v2', 'mobilenet_v3', 'nasnet', 'regnet', 'resnet', 'resnet50', 'resnet_v2', 'vgg16', 'vgg19', 'xception'].map((m) => `.${m}`)].map((m) => `${k}.applications${m}`));

/** ultralytics' model classes: each loads its weights file, fetched from the release assets when a known one is missing. */
const ULTRALYTICS_MODELS = ['YOLO', 'YOLOWorld', 'YOLOE', 'SAM', 'FastSAM', 'RTDETR', 'NAS'];

/**
 * The model argument of network.python-model-download's loaders, and how the name of a model that
 * is downloaded looks. `hub`: a Hugging Face repo id (`bert-base-uncased`, `org/name`) is fetched,
 * a local path (`/models/x`, `./ckpt`, `~/m`, `C:\\m`, a backslash, or two or more `/`, which no
 * repo id has) is read from disk. `asset`: ultralytics fetches a missing weights file from its
 * release assets when its last path segment is an asset's name (`yolov8n.pt`, `yolo11s-seg.pt`,
 * `sam_b.pt`, `rtdetr-l.pt`, also without `.pt`), into the directory given
 * (`checkpoints/yolov10b.pt` downloads there); any other file (`runs/train/weights/best.pt`,
 * `model.onnx`, `yolov8n.yaml`, a configuration bundled with the package) is read from disk. A
 * literal read from disk is no capability; a URL, or a value not written as a literal, still counts.
 */
export const PYTHON_MODEL_ARGUMENTS: ReadonlyMap<string, { index: number; keyword: string; names: 'hub' | 'asset' }> = new Map([
  ...ULTRALYTICS_MODELS.map((c): [string, { index: number; keyword: string; names: 'hub' | 'asset' }] => [`ultralytics.${c}`, { index: 0, keyword: 'model', names: 'asset' }]),
  ['sentence_transformers.SentenceTransformer', { index: 0, keyword: 'model_name_or_path', names: 'hub' }],
  ['sentence_transformers.CrossEncoder', { index: 0, keyword: 'model_name_or_path', names: 'hub' }],
  ['faster_whisper.WhisperModel', { index: 0, keyword: 'model_size_or_path', names: 'hub' }],
  ['transformers.*.from_pretrained', { index: 0, keyword: 'pretrained_model_name_or_path', names: 'hub' }],
  ['diffusers.*.from_pretrained', { index: 0, keyword: 'pretrained_model_name_or_path', names: 'hub' }],
  // A data set by hub id (`stanfordnlp/imdb`) is fetched, a local folder or script (`./data/x`) is read.
  ['datasets.load_dataset', { index: 0, keyword: 'path', names: 'hub' }],
  ['datasets.load_dataset_builder', { index: 0, keyword: 'path', names: 'hub' }],
]);

/**
 * The Hugging Face offline switches, each with the packages it keeps off the network: huggingface_hub
 * reads `HF_HUB_OFFLINE` (and transformers `TRANSFORMERS_OFFLINE`) when it is imported (through
 * transformers, diffusers, sentence-transformers or faster-whisper), datasets reads
 * `HF_DATASETS_OFFLINE` when it is imported (every release; `HF_HUB_OFFLINE` only in recent ones, so
 * it does not count for datasets). Set to a true value (`1`, `true`, `yes`, `on`) before that
 * import, a switch keeps its packages' loads off the network; it does nothing for the other group.
 */
export const PYTHON_HUB_OFFLINE: ReadonlyArray<{ readonly variables: readonly string[]; readonly packages: readonly string[] }> = [
  { variables: ['HF_HUB_OFFLINE', 'TRANSFORMERS_OFFLINE'], packages: ['transformers', 'diffusers', 'sentence_transformers', 'faster_whisper', 'huggingface_hub'] },
  { variables: ['HF_DATASETS_OFFLINE'], packages: ['datasets'] },
];

/** The group of {@link PYTHON_HUB_OFFLINE} whose switch covers the top-level package `name`, or -1. */
export function hubOfflineGroup(name: string): number {
  return PYTHON_HUB_OFFLINE.findIndex((g) => g.packages.includes(name));
}

export const PYTHON_RESULT_OBJECTS: ReadonlyMap<string, string> = new Map(Object.entries({
  ...Object.fromEntries(['PIL.Image.open', 'PIL.Image.new', 'PIL.Image.fromarray', 'PIL.Image.frombytes', 'PIL.Image.frombuffer', 'PIL.Image.merge', 'PIL.Image.composite', 'PIL.Image.blend', 'PIL.Image.alpha_composite',
    'PIL.ImageOps.grayscale', 'PIL.ImageOps.fit', 'PIL.ImageOps.pad', 'PIL.ImageOps.contain', 'PIL.ImageOps.cover', 'PIL.ImageOps.expand', 'PIL.ImageOps.flip', 'PIL.ImageOps.mirror', 'PIL.ImageOps.autocontrast', 'PIL.ImageOps.exif_transpose', 'PIL.ImageOps.invert', 'PIL.ImageOps.scale',
    ...['convert', 'resize', 'crop', 'rotate', 'copy', 'transpose', 'filter', 'point', 'quantize', 'reduce', 'transform', 'remap_palette'].map((m) => `PIL.Image.Image.${m}`)].map((c) => [c, 'PIL.Image.Image'])),
  ...Object.fromEntries(['openpyxl.Workbook', 'openpyxl.load_workbook', 'openpyxl.workbook.Workbook', 'openpyxl.reader.excel.load_workbook'].map((c) => [c, 'openpyxl.workbook.Workbook'])),
  'docx.Document': 'docx.document.Document',
  'pptx.Presentation': 'pptx.presentation.Presentation',
  ...Object.fromEntries(['fitz.open', 'fitz.Document', 'pymupdf.open', 'pymupdf.Document'].map((c) => [c, 'fitz.Document'])),
  ...Object.fromEntries(['pypdf.PdfWriter', 'pypdf.PdfMerger', 'PyPDF2.PdfWriter', 'PyPDF2.PdfFileWriter', 'PyPDF2.PdfMerger', 'PyPDF2.PdfFileMerger'].map((c) => [c, 'pypdf.PdfWriter'])),
  ...Object.fromEntries(['matplotlib.pyplot.figure', 'matplotlib.pyplot.gcf', 'matplotlib.figure.Figure'].map((c) => [c, 'matplotlib.figure.Figure'])),
  ...Object.fromEntries(['jinja2.Environment', 'jinja2.environment.Environment'].map((c) => [c, 'jinja2.Environment'])),
  ...Object.fromEntries(['git.Repo', 'git.Repo.init', 'git.Repo.clone_from', 'git.repo.Repo', 'git.repo.base.Repo'].map((c) => [c, 'git.Repo'])),
  ...Object.fromEntries(['git.Repo.remote', 'git.Repo.create_remote'].map((c) => [c, 'git.Remote'])),
  // pandas data frames: the readers, the constructor (also a parameter annotated with it), the
  // module functions that combine frames, and the frame methods that return a frame. Typed by the
  // class's own module path, so the writers (`pandas.DataFrame.to_csv`, counted on any receiver
  // given a target) are not looked up a second time on a typed frame.
  ...Object.fromEntries([
    ...['read_csv', 'read_table', 'read_fwf', 'read_excel', 'read_json', 'read_parquet', 'read_feather', 'read_orc', 'read_sas', 'read_spss', 'read_stata', 'read_xml', 'read_sql', 'read_sql_query', 'read_sql_table', 'read_clipboard', 'read_pickle', 'DataFrame', 'concat', 'merge', 'json_normalize', 'pivot_table', 'get_dummies', 'crosstab', 'from_dict', 'from_records'].map((m) => `pandas.${m}`),
    ...['DataFrame.from_dict', 'DataFrame.from_records', 'core.frame.DataFrame'].map((m) => `pandas.${m}`),
    ...['query', 'copy', 'head', 'tail', 'dropna', 'fillna', 'drop', 'drop_duplicates', 'rename', 'reset_index', 'set_index', 'sort_values', 'sort_index', 'assign', 'astype', 'merge', 'join', 'filter', 'sample', 'nlargest', 'nsmallest', 'pivot', 'pivot_table', 'melt', 'transpose', 'round', 'where', 'mask', 'replace', 'convert_dtypes', 'infer_objects', 'select_dtypes', 'reindex'].map((m) => `pandas.core.frame.DataFrame.${m}`),
  ].map((c) => [c, 'pandas.core.frame.DataFrame'])),
  // MCP server objects (the SDK's FastMCP, renamed MCPServer in mcp 2; FastMCP 2 and its factories).
  ...Object.fromEntries([
    'mcp.server.fastmcp.FastMCP', 'mcp.server.fastmcp.server.FastMCP', 'mcp.server.FastMCP', 'mcp.server.mcpserver.MCPServer', 'mcp.server.mcpserver.server.MCPServer', 'mcp.server.MCPServer',
    ...['', '.server', '.server.server'].flatMap((m) => ['', '.from_openapi', '.from_fastapi', '.as_proxy'].map((f) => `fastmcp${m}.FastMCP${f}`)),
  ].map((c) => [c, MCP_SERVER_OBJECT])),
  // SQLite connections are typed only where a parameter is annotated with the class (`conn:
  // sqlite3.Connection`): a connection the file opens is already its connect call's finding.
  'sqlite3.Connection': 'sqlite3.Connection',
  'aiosqlite.Connection': 'aiosqlite.Connection',
  // SSH clients and their SFTP sessions (`ssh.open_sftp()`, `SFTPClient.from_transport(t)`), pysftp's connection.
  ...Object.fromEntries(['paramiko.SSHClient', 'paramiko.client.SSHClient'].map((c) => [c, 'paramiko.SSHClient'])),
  ...Object.fromEntries(['paramiko.Transport', 'paramiko.transport.Transport'].map((c) => [c, 'paramiko.Transport'])),
  ...Object.fromEntries(['paramiko.SSHClient.open_sftp', 'paramiko.Transport.open_sftp_client', 'paramiko.SFTPClient', 'paramiko.SFTPClient.from_transport', 'paramiko.SFTP', 'paramiko.sftp_client.SFTPClient'].map((c) => [c, 'paramiko.SFTPClient'])),
  'pysftp.Connection': 'pysftp.Connection',
  // paramiko's private keys, made or loaded by a key class (`paramiko.RSAKey.generate(2048)`), then written.
  ...Object.fromEntries(PARAMIKO_KEY_CLASSES.flatMap((c) => ['generate', 'from_private_key_file', 'from_private_key', ''].map((m) => [m === '' ? c : `${c}.${m}`, 'paramiko.PKey']))),
  // http.cookiejar's file jars: load, revert and save open the file they were made with (or are given).
  ...Object.fromEntries(['FileCookieJar', 'MozillaCookieJar', 'LWPCookieJar'].map((c) => [`http.cookiejar.${c}`, 'http.cookiejar.FileCookieJar'])),
  // configparser's parsers: read(filenames) opens the files it is given.
  ...Object.fromEntries(['ConfigParser', 'RawConfigParser', 'SafeConfigParser'].map((c) => [`configparser.${c}`, 'configparser.ConfigParser'])),
  // openai-whisper's model: its transcribe of a path runs ffmpeg.
  'whisper.load_model': 'whisper.model.Whisper',
  // jupyter_client's kernel managers (one kernel, or many keyed by id): start_kernel starts a process.
  ...Object.fromEntries(['KernelManager', 'AsyncKernelManager', 'MultiKernelManager', 'AsyncMultiKernelManager'].flatMap((c) => [`jupyter_client.${c}`, `jupyter_client.manager.${c}`, `jupyter_client.multikernelmanager.${c}`]).map((c) => [c, 'jupyter_client.KernelManager'])),
}));

/**
 * Methods with a name only one library family uses, counted on a receiver of unknown type when
 * the file imports one of `imports` (`fig, ax = plt.subplots()` … `fig.savefig(p)`;
 * `s3 = boto3.client('s3')` … `s3.upload_file(p, b, k)`): the row is looked up as `source` +
 * the method, and `target` is the path argument (a call without it, or given an in-memory
 * buffer, touches no file).
 */
export const PYTHON_RECEIVER_METHODS: ReadonlyMap<string, { imports: readonly string[]; source: string; target: { index: number; keyword: string } }> = new Map([
  ['savefig', { imports: ['matplotlib', 'seaborn'], source: 'matplotlib.figure.Figure', target: { index: 0, keyword: 'fname' } }],
  ['upload_file', { imports: ['boto3', 'aioboto3', 's3transfer'], source: 'boto3.S3', target: { index: 0, keyword: 'Filename' } }],
  ['download_file', { imports: ['boto3', 'aioboto3', 's3transfer'], source: 'boto3.S3', target: { index: 2, keyword: 'Filename' } }],
  ['upload_from_filename', { imports: ['google.cloud'], source: 'google.cloud.storage.Blob', target: { index: 0, keyword: 'filename' } }],
  ['download_to_filename', { imports: ['google.cloud'], source: 'google.cloud.storage.Blob', target: { index: 0, keyword: 'filename' } }],
  // A browser page saving a screenshot or PDF to `path=` (Playwright, pyppeteer); Selenium's save_screenshot(filename).
  ['screenshot', { imports: ['playwright', 'pyppeteer'], source: 'playwright.Page', target: { index: -1, keyword: 'path' } }],
  ['pdf', { imports: ['playwright', 'pyppeteer'], source: 'playwright.Page', target: { index: -1, keyword: 'path' } }],
  ['save_screenshot', { imports: ['selenium'], source: 'playwright.Page', target: { index: 0, keyword: 'filename' } }],
  ['get_screenshot_as_file', { imports: ['selenium'], source: 'playwright.Page', target: { index: 0, keyword: 'filename' } }],
]);

/** Python capability rows. */
export const PYTHON_PATTERNS: readonly PythonPattern[] = [
  // filesystem
  { id: 'filesystem.python-open', family: 'filesystem', title: 'Opens a file through the open built-in (write when the mode allows writing; a mode that is not a literal counts as a write)', sources: ['builtins'], members: ['open'], mode: OPEN_MODE_1, raw: 'member' },
  { id: 'filesystem.python-module-open', family: 'filesystem', title: 'Opens a file through a module\'s open (io, codecs, aiofiles, gzip, bz2, lzma, wave, anyio/trio open_file; write when the mode allows writing)', sources: ['io', 'codecs', 'aiofiles', 'gzip', 'bz2', 'lzma', 'anyio', 'trio', 'wave', 'aifc', 'sunau'], members: ['open', 'FileIO', 'GzipFile', 'BZ2File', 'LZMAFile', 'open_file'], mode: OPEN_MODE_1, raw: 'member' },
  { id: 'filesystem.python-os-open', family: 'filesystem', title: 'Opens a file descriptor through os.open (write when the flags allow writing)', sources: ['os', 'posix', 'nt'], members: ['open'], mode: { index: 1, keyword: 'flags', kind: 'flags' }, raw: 'member' },
  { id: 'filesystem.python-os-fdopen', family: 'filesystem', title: 'Opens a file object on a file descriptor through os.fdopen (write when the mode allows writing)', sources: ['os'], members: ['fdopen'], mode: OPEN_MODE_1, raw: 'member' },
  { id: 'filesystem.python-dotenv-load', family: 'filesystem', title: 'Reads a .env file through python-dotenv (load_dotenv, dotenv_values; the file found from the caller\'s directory when none is named)', sources: ['dotenv', 'dotenv.main'], members: ['load_dotenv'], access: 'read', raw: 'member', also: ['environment.python-dotenv'] },
  { id: 'filesystem.python-dotenv-load', family: 'filesystem', title: 'Reads a .env file through python-dotenv (load_dotenv, dotenv_values; the file found from the caller\'s directory when none is named)', sources: ['dotenv', 'dotenv.main'], members: ['dotenv_values'], access: 'read', raw: 'member', variant: true },
  { id: 'filesystem.python-kube-config', family: 'filesystem', title: 'Reads a Kubernetes client configuration from disk through the kubernetes package (load_kube_config, new_client_from_config and list_kube_config_contexts read the kubeconfig file; load_incluster_config reads the service-account token and CA files)', sources: KUBE_CONFIG_MODULES, members: ['load_kube_config', 'load_incluster_config', 'load_config', 'new_client_from_config', 'list_kube_config_contexts'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-credentials-file', family: 'filesystem', title: 'Loads credentials from the key or token file it is given through google-auth or google-auth-oauthlib (a service-account key file, a stored user token, OAuth client secrets)', sources: CREDENTIAL_FILE_LOADERS, members: ['from_service_account_file', 'from_authorized_user_file', 'from_client_secrets_file', 'load_credentials_from_file'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-open-code', family: 'filesystem', title: 'Reads a file through io.open_code (opens it for reading, the way the interpreter opens source files)', sources: ['io', '_io'], members: ['open_code'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-os-read', family: 'filesystem', title: 'Lists, inspects or reads files through os (listdir, scandir, walk, stat, readlink, ...)', sources: ['os', 'posix', 'nt', 'aiofiles.os'], members: OS_READS, access: 'read', raw: 'member' },
  { id: 'filesystem.python-os-write', family: 'filesystem', title: 'Writes, moves, deletes or changes files through os (remove, rename, mkdir, chmod, symlink, truncate, ...)', sources: ['os', 'posix', 'nt', 'aiofiles.os'], members: OS_WRITES, access: 'write', raw: 'member' },
  { id: 'filesystem.python-os-path-read', family: 'filesystem', title: 'Inspects files through os.path (exists, isfile, getsize, realpath, ...)', sources: ['os.path', 'posixpath', 'ntpath', 'genericpath', 'aiofiles.ospath', 'aiofiles.os.path'], members: OS_PATH_READS, access: 'read', raw: 'member' },
  { id: 'filesystem.python-shutil-write', family: 'filesystem', title: 'Copies, moves or deletes files through shutil', sources: ['shutil'], members: ['copy', 'copy2', 'copyfile', 'copytree', 'copymode', 'copystat', 'move', 'rmtree', 'make_archive', 'unpack_archive', 'chown'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-shutil-read', family: 'filesystem', title: 'Inspects the filesystem through shutil (disk_usage, which)', sources: ['shutil'], members: ['disk_usage', 'which'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-path-read', family: 'filesystem', title: 'Reads or inspects files through a pathlib.Path', sources: ['pathlib.Path'], members: PATH_READS, access: 'read', raw: 'member' },
  { id: 'filesystem.python-path-write', family: 'filesystem', title: 'Writes, moves or deletes files through a pathlib.Path', sources: ['pathlib.Path'], members: PATH_WRITES, access: 'write', raw: 'member' },
  { id: 'filesystem.python-path-open', family: 'filesystem', title: 'Opens a file through pathlib.Path.open (write when the mode allows writing)', sources: ['pathlib.Path'], members: ['open'], mode: { index: 0, keyword: 'mode', kind: 'mode' }, raw: 'member' },
  { id: 'filesystem.python-tempfile', family: 'filesystem', title: 'Creates temporary files or directories through tempfile', sources: ['tempfile', 'aiofiles.tempfile'], members: ['mkstemp', 'mkdtemp', 'NamedTemporaryFile', 'TemporaryFile', 'SpooledTemporaryFile', 'TemporaryDirectory'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-glob', family: 'filesystem', title: 'Lists files matching a pattern through glob', sources: ['glob'], members: ['glob', 'iglob'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-archive', family: 'filesystem', title: 'Opens a zip or tar archive (write when the mode allows writing)', sources: ['zipfile', 'tarfile'], members: ['ZipFile', 'PyZipFile', 'open', 'TarFile'], mode: OPEN_MODE_1, raw: 'member' },
  { id: 'filesystem.python-fileinput', family: 'filesystem', title: 'Reads files through fileinput (a write when inplace is true: each file is rewritten with what the loop prints)', sources: ['fileinput'], members: ['input', 'FileInput'], mode: { index: 1, keyword: 'inplace', kind: 'switch' }, raw: 'member' },
  { id: 'filesystem.python-module-object', family: 'filesystem', title: 'Hands on a module that reads or writes files (os, shutil, tempfile, io, ...) as a value, whose uses there are not followed (access not decided; a read for a module that only reads, such as os.path, glob or sqlite3)', sources: FILESYSTEM_MODULE_OBJECTS, raw: 'module', moduleObject: true },
  { id: 'filesystem.python-dataframe-read', family: 'filesystem', title: 'Reads a data file into a data frame through pandas or polars (read_csv, read_excel, read_parquet, scan_csv, ...)', sources: ['pandas', 'polars'], members: DATAFRAME_READS, access: 'read', raw: 'member' },
  { id: 'filesystem.python-dataframe-write', family: 'filesystem', title: 'Writes a data frame to a file (pandas to_csv, to_excel, to_parquet, ...; polars write_csv, write_parquet, ...) when the call names a target; a pandas ExcelWriter on a path', sources: ['pandas.DataFrame', 'polars.DataFrame', 'pandas'], members: ['ExcelWriter', 'to_csv', 'to_json', 'to_excel', 'to_parquet', 'to_feather', 'to_pickle', 'to_hdf', 'to_stata', 'to_orc', 'to_xml', 'write_csv', 'write_json', 'write_ndjson', 'write_parquet', 'write_ipc', 'write_excel', 'write_avro', 'write_delta'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-numpy-read', family: 'filesystem', title: 'Reads an array from a file through numpy (load, loadtxt, genfromtxt, fromfile, memmap; numpy.load with allow_pickle is code evaluation too)', sources: ['numpy'], members: ['load', 'loadtxt', 'genfromtxt', 'fromfile', 'memmap'], access: 'read', raw: 'member', alsoWhen: { id: 'code-evaluation.python-numpy-pickle', requires: { index: 2, keyword: 'allow_pickle', names: ['builtins.True'] } } },
  { id: 'filesystem.python-numpy-write', family: 'filesystem', title: 'Writes arrays to a file through numpy (save, savez, savez_compressed, savetxt)', sources: ['numpy'], members: ['save', 'savez', 'savez_compressed', 'savetxt'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-image-read', family: 'filesystem', title: 'Reads an image file through Pillow, OpenCV, imageio or scikit-image (Image.open, imread)', sources: ['PIL.Image', 'cv2', 'imageio', 'imageio.v2', 'imageio.v3', 'skimage.io'], members: ['open', 'imread', 'mimread', 'volread', 'imiter'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-image-write', family: 'filesystem', title: 'Writes an image file through OpenCV, imageio or scikit-image (imwrite, imsave)', sources: ['cv2', 'imageio', 'imageio.v2', 'imageio.v3', 'skimage.io'], members: ['imwrite', 'imsave', 'mimwrite', 'mimsave', 'volwrite'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-image-save', family: 'filesystem', title: 'Writes an image file through a Pillow image\'s save (an image made by Image.open, Image.new, Image.fromarray, ... or a method that returns one)', sources: ['PIL.Image.Image'], members: ['save'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-document-write', family: 'filesystem', title: 'Writes an office or PDF document (save of an openpyxl workbook, python-docx document, python-pptx presentation or PyMuPDF document; write of a pypdf writer; an xlsxwriter Workbook is created on its path)', sources: ['openpyxl.workbook.Workbook', 'docx.document.Document', 'pptx.presentation.Presentation', 'fitz.Document', 'pypdf.PdfWriter', 'xlsxwriter'], members: ['save', 'ez_save', 'write', 'Workbook'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-plot-save', family: 'filesystem', title: 'Writes a plot to a file through matplotlib (pyplot.savefig, pyplot.imsave, a Figure\'s savefig; savefig on any receiver in a file that imports matplotlib or seaborn)', sources: ['matplotlib.pyplot', 'matplotlib.figure.Figure'], members: ['savefig', 'imsave'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-cloud-upload-file', family: 'filesystem', title: 'Uploads a local file to cloud storage by its path (boto3 upload_file, google-cloud-storage upload_from_filename): reads the file', sources: ['boto3.S3', 'google.cloud.storage.Blob'], members: ['upload_file', 'upload_from_filename'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-cloud-download-file', family: 'filesystem', title: 'Downloads cloud storage to a local path (boto3 download_file, google-cloud-storage download_to_filename): writes the file', sources: ['boto3.S3', 'google.cloud.storage.Blob'], members: ['download_file', 'download_to_filename'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-browser-capture-file', family: 'filesystem', title: 'Saves a screenshot or PDF of a browser page to a file (Playwright or pyppeteer screenshot/pdf with path=, Selenium save_screenshot)', sources: ['playwright.Page'], members: ['screenshot', 'pdf', 'save_screenshot', 'get_screenshot_as_file'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-shelve', family: 'filesystem', title: 'Opens a shelf file through shelve (a write unless the flag is "r": the default "c" creates it)', sources: ['shelve'], members: ['open', 'DbfilenameShelf'], mode: { index: 1, keyword: 'flag', kind: 'dbm-flag' }, raw: 'member', also: ['code-evaluation.python-deserialize'] },
  { id: 'filesystem.python-xml-parse', family: 'filesystem', title: 'Parses an XML file through xml.etree, xml.dom, xml.sax, lxml or defusedxml (parse and iterparse open a path they are given)', sources: ['xml.etree.ElementTree', 'xml.etree.cElementTree', 'xml.dom.minidom', 'xml.dom.pulldom', 'xml.sax', 'lxml.etree', 'defusedxml.ElementTree', 'defusedxml.minidom'], members: ['parse', 'iterparse'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-logging-file', family: 'filesystem', title: 'Writes a log file through a logging file handler (FileHandler, RotatingFileHandler, TimedRotatingFileHandler, WatchedFileHandler)', sources: ['logging', 'logging.handlers'], members: ['FileHandler', 'RotatingFileHandler', 'TimedRotatingFileHandler', 'WatchedFileHandler'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-settings-env-file', family: 'filesystem', title: 'Reads the .env file a pydantic-settings SettingsConfigDict names (env_file; None reads none)', sources: ['pydantic_settings', 'pydantic_settings.main'], members: ['SettingsConfigDict'], access: 'read', raw: 'member', requires: { index: -1, keyword: 'env_file', present: true } },
  { id: 'filesystem.python-logging-config-file', family: 'filesystem', title: 'Writes a log file through logging.basicConfig given a filename', sources: ['logging'], members: ['basicConfig'], access: 'write', raw: 'member', requires: { index: -1, keyword: 'filename', present: true } },
  { id: 'filesystem.python-audio-read', family: 'filesystem', title: 'Reads an audio file (soundfile read and info, scipy.io.wavfile read, librosa load)', sources: ['soundfile', 'scipy.io.wavfile', 'librosa'], members: ['read', 'info', 'load'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-audio-write', family: 'filesystem', title: 'Writes an audio file (soundfile write, scipy.io.wavfile write)', sources: ['soundfile', 'scipy.io.wavfile'], members: ['write'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-model-save', family: 'filesystem', title: 'Writes an object or model to a file (joblib dump, torch save)', sources: ['joblib', 'torch'], members: ['dump', 'save'], access: 'write', raw: 'member' },
  // heldout-code21 y04: joblib.load(MODEL_PATH) opens the file it is named; the unpickling is
  // code-evaluation.python-deserialize, reported beside (that row leaves joblib to this one).
  { id: 'filesystem.python-model-load', family: 'filesystem', title: 'Reads a pickled object or model from the file it is named through joblib.load (the unpickling is code evaluation, reported beside)', sources: ['joblib'], members: ['load'], access: 'read', raw: 'member', also: ['code-evaluation.python-deserialize'] },
  { id: 'filesystem.python-document-read', family: 'filesystem', title: 'Opens a document file through a PDF, Word, Excel or PowerPoint reader (pypdf PdfReader, PyMuPDF open, pdfplumber open, python-docx Document, openpyxl load_workbook, pymupdf4llm to_markdown, pdfminer extract_text, ...)', sources: DOCUMENT_READERS, members: ['PdfReader', 'PdfFileReader', 'open', 'Document', 'load_workbook', 'Presentation', 'open_workbook', 'to_markdown', 'extract_text', 'extract_pages'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-file-package', family: 'filesystem', title: 'Imports a package that watches, locks or trashes files (watchdog, watchfiles, filelock, send2trash)', sources: ['watchdog', 'watchfiles', 'filelock', 'send2trash'], raw: 'module' },
  { id: 'filesystem.python-document-converter', family: 'filesystem', title: 'Imports a document converter that reads the files it is given (markitdown, docling, unstructured: convert a local PDF, Office or HTML file to text)', sources: DOCUMENT_CONVERTERS, access: 'read', raw: 'module', also: ['network.python-document-converter'] },
  { id: 'filesystem.python-fsspec', family: 'filesystem', title: 'Imports fsspec, a filesystem interface that opens, lists, copies and deletes local (and remote) files (access not decided)', sources: ['fsspec'], raw: 'module' },
  { id: 'filesystem.python-git-package', family: 'filesystem', title: 'Imports a git implementation that reads and writes repositories on disk without the git process (dulwich, pygit2; access not decided)', sources: GIT_LIBRARIES, raw: 'module', also: ['network.python-git-package'] },
  { id: 'filesystem.python-archive-package', family: 'filesystem', title: 'Imports an archive package that reads, creates or extracts archive files (py7zr, rarfile, patool, libarchive; access not decided)', sources: ['py7zr', 'rarfile', 'patoolib', 'libarchive'], raw: 'module' },
  { id: 'filesystem.python-system-info', family: 'filesystem', title: 'Imports psutil, which reads process and system information from the operating system (/proc and /sys on Linux: process command lines, environments, open files and connections, disk usage of a path); signalling a process (kill, terminate) is not counted', sources: ['psutil'], access: 'read', raw: 'module' },
  { id: 'filesystem.python-keyring-read', family: 'filesystem', title: 'Reads a secret from the OS credential store (Keychain, Secret Service, Credential Manager) through keyring get_password or get_credential', sources: ['keyring'], members: ['get_password', 'get_credential'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-keyring-write', family: 'filesystem', title: 'Stores or deletes a secret in the OS credential store (Keychain, Secret Service, Credential Manager) through keyring set_password or delete_password', sources: ['keyring'], members: ['set_password', 'delete_password'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-embedded-database', family: 'filesystem', title: 'Imports an embedded database or data-file library that keeps its data in local files (DuckDB, TinyDB, LMDB, diskcache, LanceDB, HDF5; counted as a read, like SQLite)', sources: ['duckdb', 'tinydb', 'lmdb', 'diskcache', 'plyvel', 'rocksdict', 'ZODB', 'lancedb', 'kuzu', 'h5py', 'tables'], access: 'read', raw: 'module' },
  { id: 'filesystem.python-arrow-read', family: 'filesystem', title: 'Reads a Parquet, CSV, Feather or ORC file through pyarrow (read_table, ParquetFile, read_csv, open_csv, ...)', sources: ['pyarrow.parquet', 'pyarrow.csv', 'pyarrow.feather', 'pyarrow.orc'], members: ['read_table', 'read_pandas', 'read_metadata', 'read_schema', 'ParquetFile', 'ParquetDataset', 'read_csv', 'open_csv', 'read_feather', 'ORCFile'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-arrow-write', family: 'filesystem', title: 'Writes a Parquet, CSV, Feather or ORC file through pyarrow (write_table, ParquetWriter, write_csv, ...)', sources: ['pyarrow.parquet', 'pyarrow.csv', 'pyarrow.feather', 'pyarrow.orc'], members: ['write_table', 'write_to_dataset', 'ParquetWriter', 'write_csv', 'CSVWriter', 'write_feather', 'ORCWriter'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-vector-store-file', family: 'filesystem', title: 'Opens a vector store kept in local files (chromadb PersistentClient)', sources: ['chromadb'], members: ['PersistentClient'], access: 'write', raw: 'member' },
  // Standard-library helpers that open the files they are named (or a fixed one: netrc.netrc()
  // reads ~/.netrc when given no file): heldout-code20 f10.
  { id: 'filesystem.python-stdlib-file-read', family: 'filesystem', title: 'Reads files through a standard-library helper that opens them itself (netrc.netrc reads ~/.netrc when no file is named; filecmp compares files\' contents; linecache reads a source file\'s lines)', sources: ['netrc', 'filecmp', 'linecache'], members: ['netrc', 'cmp', 'cmpfiles', 'dircmp', 'getline', 'getlines', 'updatecache'], access: 'read', raw: 'member' },
  // http.server's file handler serves the files under its directory (the working directory when
  // none is given): heldout-code20 m02. The server itself is network.python-server.
  { id: 'filesystem.python-http-file-server', family: 'filesystem', title: 'Serves the files of a folder over HTTP (http.server SimpleHTTPRequestHandler reads the files under its directory, the working directory when none is given)', sources: ['http.server'], members: ['SimpleHTTPRequestHandler'], access: 'read', raw: 'member' },
  // py_compile and compileall write the byte-code file (.pyc) of each source they compile (m03).
  { id: 'filesystem.python-bytecode-write', family: 'filesystem', title: 'Compiles Python sources to byte-code files (py_compile.compile, compileall: each writes a .pyc beside or under __pycache__)', sources: ['py_compile', 'compileall'], members: ['compile', 'compile_dir', 'compile_file', 'compile_path', 'main'], access: 'write', raw: 'member' },
  // heldout-code21 y06: a cookie jar kept in a file (MozillaCookieJar('cookies.txt').load()).
  { id: 'filesystem.python-cookie-jar-read', family: 'filesystem', title: 'Reads cookies from a file through an http.cookiejar file jar (load or revert of a FileCookieJar, MozillaCookieJar or LWPCookieJar)', sources: ['http.cookiejar.FileCookieJar'], members: ['load', 'revert'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-cookie-jar-write', family: 'filesystem', title: 'Writes cookies to a file through an http.cookiejar file jar (save of a FileCookieJar, MozillaCookieJar or LWPCookieJar)', sources: ['http.cookiejar.FileCookieJar'], members: ['save'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-config-read', family: 'filesystem', title: 'Reads INI configuration files through a configparser parser (read opens the paths it is given; read_string and read_file parse what they are handed)', sources: ['configparser.ConfigParser'], members: ['read'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-ssh-host-keys', family: 'filesystem', title: 'Reads SSH known-hosts files through a paramiko SSHClient (load_system_host_keys reads ~/.ssh/known_hosts, load_host_keys the file it is given)', sources: ['paramiko.SSHClient'], members: ['load_system_host_keys', 'load_host_keys'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-ssh-key-file', family: 'filesystem', title: 'Reads or writes an SSH private key file through a paramiko key class (RSAKey, Ed25519Key, ECDSAKey, DSSKey, PKey: from_private_key_file reads the file it is given, write_private_key_file writes one)', sources: PARAMIKO_KEY_CLASSES, members: ['from_private_key_file'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-ssh-key-file-write', family: 'filesystem', title: 'Writes an SSH private key file through a paramiko key (write_private_key_file of a key class or of a key it made)', sources: ['paramiko.PKey'], members: ['write_private_key_file'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-sftp-upload', family: 'filesystem', title: 'Uploads a local file over SFTP by its path (paramiko SFTPClient put, pysftp Connection put, put_d, put_r): reads the local file', sources: ['paramiko.SFTPClient', 'pysftp.Connection'], members: ['put', 'put_d', 'put_r'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-sftp-download', family: 'filesystem', title: 'Downloads a remote file over SFTP to a local path (paramiko SFTPClient get, pysftp Connection get, get_d, get_r): writes the local file', sources: ['paramiko.SFTPClient', 'pysftp.Connection'], members: ['get', 'get_d', 'get_r'], access: 'write', raw: 'member' },
  { id: 'filesystem.python-git-open', family: 'filesystem', title: 'Opens a git repository on disk through GitPython (git.Repo(path) reads its .git directory)', sources: ['git'], members: ['Repo'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-git-repo-write', family: 'filesystem', title: 'Creates a git repository or changes its refs and config through GitPython (Repo.init, a Repo\'s create_head, delete_head, create_tag, delete_tag, config_writer)', sources: ['git.Repo'], members: GIT_REPO_WRITES, access: 'write', raw: 'member' },
  { id: 'filesystem.python-git-worktree-write', family: 'filesystem', title: 'Changes a git repository\'s index or working tree through GitPython (a Repo\'s index add/remove/move/commit/reset/write/checkout, repo.git.add/commit/checkout/reset/merge/stash/clean/...)', sources: ['git.Repo.index', 'git.Repo.git'], members: GIT_WORKTREE_WRITES, access: 'write', raw: 'member' },
  { id: 'filesystem.python-sqlite', family: 'filesystem', title: 'Opens a SQLite or dbm database file (counted as a read, like the JavaScript SQLite drivers)', sources: ['sqlite3', 'aiosqlite', 'dbm'], members: ['connect', 'open'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-sqlite-connection', family: 'filesystem', title: 'Queries a SQLite database through a connection handed in as a parameter annotated sqlite3.Connection or aiosqlite.Connection (counted as a read, like the connect call it stands for)', sources: ['sqlite3.Connection', 'aiosqlite.Connection'], members: ['execute', 'executemany', 'executescript', 'cursor', 'backup', 'iterdump'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-database-url-file', family: 'filesystem', title: 'Opens a SQLite or DuckDB database file named by a URL (SQLAlchemy or SQLModel create_engine, databases.Database, peewee db_url.connect, Tortoise.init with a literal sqlite:// or duckdb:// URL; counted as a read, like sqlite3)', sources: [], access: 'read', raw: 'member' },
  { id: 'filesystem.python-peewee-sqlite', family: 'filesystem', title: 'Opens a SQLite database file through peewee (SqliteDatabase and its playhouse variants; counted as a read, like sqlite3)', sources: ['peewee', 'playhouse.pool', 'playhouse.sqlite_ext', 'playhouse.apsw_ext', 'playhouse.sqliteq'], members: ['SqliteDatabase', 'PooledSqliteDatabase', 'PooledSqliteExtDatabase', 'SqliteExtDatabase', 'CSqliteExtDatabase', 'APSWDatabase', 'SqliteQueueDatabase'], access: 'read', raw: 'member' },
  // network
  { id: 'network.python-socket', family: 'network', title: 'Uses sockets or TLS connections through socket or ssl', sources: ['socket', 'ssl'], raw: 'member', star: ['socket', 'create_connection', 'create_server', 'socketpair', 'fromfd', 'getaddrinfo', 'gethostbyname', 'gethostbyname_ex', 'gethostbyaddr', 'getfqdn', 'SocketType', 'wrap_socket', 'create_default_context', 'SSLContext', 'get_server_certificate'] },
  { id: 'network.python-asyncio-network', family: 'network', title: 'Opens network connections or servers through asyncio (also an event loop\'s create_connection, create_server, sock_connect, ...)', sources: ['asyncio', 'asyncio.AbstractEventLoop'], members: ['open_connection', 'start_server', 'open_unix_connection', 'start_unix_server', 'create_connection', 'create_server', 'create_datagram_endpoint', 'create_unix_connection', 'create_unix_server', 'sock_connect', 'getaddrinfo'], raw: 'member' },
  { id: 'network.python-async-network', family: 'network', title: 'Opens network connections or listeners through anyio or trio', sources: ['anyio', 'trio'], members: ['connect_tcp', 'connect_unix', 'create_tcp_listener', 'create_unix_listener', 'create_udp_socket', 'create_connected_udp_socket', 'create_unix_datagram_socket', 'getaddrinfo', 'open_tcp_stream', 'open_ssl_over_tcp_stream', 'open_tcp_listeners', 'open_ssl_over_tcp_listeners', 'serve_tcp', 'serve_ssl_over_tcp', 'serve_listeners', 'open_unix_socket'], raw: 'member' },
  { id: 'network.python-logging-listen', family: 'network', title: 'Listens on a socket for logging configurations through logging.config.listen (and applies what it receives)', sources: ['logging.config'], members: ['listen'], raw: 'member' },
  { id: 'network.python-urllib', family: 'network', title: 'Makes HTTP requests through urllib.request or http.client', sources: ['urllib.request', 'urllib2', 'http.client'], raw: 'member', star: ['urlopen', 'Request', 'build_opener', 'urlretrieve', 'install_opener', 'OpenerDirector', 'HTTPConnection', 'HTTPSConnection'] },
  { id: 'network.python-http-client', family: 'network', title: 'Imports an HTTP or WebSocket client package (requests, httpx, aiohttp, urllib3, websockets, MCP client transports, ...)', sources: HTTP_CLIENTS, raw: 'module' },
  { id: 'network.python-protocol-client', family: 'network', title: 'Imports a client of another network protocol (FTP, SMTP, IMAP, SSH, gRPC, message queues, ...)', sources: PROTOCOL_CLIENTS, raw: 'module' },
  { id: 'network.python-database-client', family: 'network', title: 'Imports a database or vector-store client (opens network connections)', sources: DATABASE_CLIENTS, raw: 'module' },
  { id: 'network.python-document-converter', family: 'network', title: 'Imports a document converter that fetches the URLs it is given (markitdown, docling, unstructured)', sources: [], raw: 'module' },
  { id: 'network.python-git-package', family: 'network', title: 'Imports a git implementation that clones, fetches and pushes over the network (dulwich, pygit2)', sources: [], raw: 'module' },
  { id: 'network.python-dav-package', family: 'network', title: 'Imports a WebDAV, CalDAV or CardDAV client or server package, named for the protocol (webdav3 of webdavclient3, webdav4, easywebdav, caldav, wsgidav: files, calendars and contacts on a server, over HTTP)', sources: [PYTHON_DAV_SOURCE], raw: 'module' },
  { id: 'network.python-service-sdk', family: 'network', title: 'Imports the SDK of a remote service (cloud, AI, code hosting, chat, web search, remote sandboxes)', sources: SERVICE_SDKS, raw: 'module' },
  { id: 'network.python-server', family: 'network', title: 'Listens for connections: imports an HTTP or socket server (http.server, socketserver, uvicorn, flask, fastapi, ...), or serves an MCP server over HTTP (FastMCP run with a transport other than stdio, run_http_async, run_sse_async, run_streamable_http_async, http_app, sse_app, streamable_http_app)', sources: SERVER_PACKAGES, raw: 'module' },
  // An MCP server object of the SDK (FastMCP, MCPServer in mcp 2) or of FastMCP 2: run() serves
  // over stdio by default; a transport given as another literal, or as a name or an expression
  // (`transport=args.transport`), may listen. The HTTP runners and the ASGI apps always serve HTTP. run takes
  // at most two positional arguments in both; three are the low-level Server's run(read, write, options).
  { id: 'network.python-server', family: 'network', title: 'Serves an MCP server over HTTP (FastMCP run or run_async with a transport other than stdio)', sources: [MCP_SERVER_OBJECT], members: ['run', 'run_async'], raw: 'member', variant: true, requires: { index: 0, keyword: 'transport', notStrings: ['stdio'], maxPositional: 2 } },
  { id: 'network.python-server', family: 'network', title: 'Serves an MCP server over HTTP (FastMCP HTTP runners and ASGI apps)', sources: [MCP_SERVER_OBJECT], members: MCP_HTTP_SERVING, raw: 'member', variant: true },
  { id: 'network.python-sqlalchemy-server', family: 'network', title: 'Connects to a database server through SQLAlchemy or SQLModel (create_engine, create_async_engine or engine_from_config with a URL that does not name a local SQLite or DuckDB file: postgresql, mysql, a URL from the environment or the configuration, ...)', sources: ['sqlalchemy', 'sqlalchemy.ext.asyncio', 'sqlmodel'], members: ['create_engine', 'create_async_engine', 'engine_from_config', 'async_engine_from_config'], raw: 'member', databaseUrl: { index: 0, keyword: 'url', fileSchemes: SQLALCHEMY_FILE_SCHEMES, fileRow: 'filesystem.python-database-url-file' } },
  { id: 'network.python-database-url', family: 'network', title: 'Connects to a database server named by a URL through databases, peewee\'s db_url or Tortoise ORM (a URL that does not name a local SQLite or DuckDB file, also one from the environment)', sources: ['databases', 'playhouse.db_url'], members: ['Database', 'connect'], raw: 'member', databaseUrl: { index: 0, keyword: 'url', fileSchemes: SQLALCHEMY_FILE_SCHEMES, fileRow: 'filesystem.python-database-url-file' } },
  { id: 'network.python-tortoise-url', family: 'network', title: 'Connects to a database server through Tortoise ORM (Tortoise.init or register_tortoise with a db_url that does not name a local SQLite file, also one from the environment)', sources: ['tortoise.Tortoise', 'tortoise.contrib.fastapi', 'tortoise.contrib.starlette'], members: ['init', 'register_tortoise'], raw: 'member', databaseUrl: { index: -1, keyword: 'db_url', fileSchemes: SQLALCHEMY_FILE_SCHEMES, fileRow: 'filesystem.python-database-url-file' } },
  { id: 'network.python-peewee-server', family: 'network', title: 'Connects to a database server through peewee (PostgresqlDatabase, MySQLDatabase, CockroachDatabase and their playhouse variants)', sources: ['peewee', 'playhouse.pool', 'playhouse.postgres_ext', 'playhouse.mysql_ext', 'playhouse.cockroachdb'], members: ['PostgresqlDatabase', 'MySQLDatabase', 'PooledPostgresqlDatabase', 'PooledMySQLDatabase', 'PooledPostgresqlExtDatabase', 'PostgresqlExtDatabase', 'MySQLConnectorDatabase', 'MariaDBConnectorDatabase', 'CockroachDatabase', 'PooledCockroachDatabase'], raw: 'member' },
  { id: 'network.python-vector-store-client', family: 'network', title: 'Connects to a vector store server (chromadb HttpClient, AsyncHttpClient, CloudClient)', sources: ['chromadb'], members: ['HttpClient', 'AsyncHttpClient', 'CloudClient'], raw: 'member' },
  { id: 'network.python-mcp-client', family: 'network', title: 'Connects to an MCP server through the FastMCP client (Client picks its transport from the target: a URL is HTTP, a script path starts a process)', sources: ['fastmcp', 'fastmcp.client'], members: ['Client'], raw: 'member', also: ['subprocess.python-mcp-client'] },
  { id: 'network.python-mcp-transport', family: 'network', title: 'Connects to an MCP server over HTTP or WebSocket through a FastMCP client transport (SSETransport, StreamableHttpTransport, WSTransport)', sources: ['fastmcp.client', 'fastmcp.client.transports'], members: ['SSETransport', 'StreamableHttpTransport', 'WSTransport'], raw: 'member' },
  { id: 'network.python-git-remote', family: 'network', title: 'Reaches a git remote through GitPython (Repo.clone_from, a Remote\'s fetch, pull or push, repo.git.clone/fetch/pull/push/ls_remote)', sources: ['git.Repo', 'git.Remote', 'git.Repo.git'], members: ['clone_from', 'fetch', 'pull', 'push', 'clone', 'ls_remote'], raw: 'member' },
  { id: 'network.python-browser-automation', family: 'network', title: 'Imports a browser automation package (the browser loads pages from the network)', sources: [], raw: 'module' },
  // subprocess
  { id: 'subprocess.python-subprocess', family: 'subprocess', title: 'Starts processes through subprocess (also asyncio.subprocess and the _posixsubprocess internals)', sources: ['subprocess', 'asyncio.subprocess', '_posixsubprocess'], raw: 'member', star: ['run', 'Popen', 'call', 'check_call', 'check_output', 'getoutput', 'getstatusoutput', 'create_subprocess_exec', 'create_subprocess_shell'] },
  { id: 'subprocess.python-os-exec', family: 'subprocess', title: 'Starts or replaces processes through os (system, popen, exec*, spawn*, fork, posix_spawn, startfile; also its posix/nt originals)', sources: ['os', 'posix', 'nt'], members: ['system', 'popen', 'execl', 'execle', 'execlp', 'execlpe', 'execv', 'execve', 'execvp', 'execvpe', 'spawnl', 'spawnle', 'spawnlp', 'spawnlpe', 'spawnv', 'spawnve', 'spawnvp', 'spawnvpe', 'fork', 'forkpty', 'posix_spawn', 'posix_spawnp', 'startfile'], raw: 'member' },
  { id: 'subprocess.python-async-process', family: 'subprocess', title: 'Starts processes through anyio or trio (run_process, open_process; the MCP SDK\'s own async layer)', sources: ['anyio', 'trio'], members: ['run_process', 'open_process'], raw: 'member' },
  { id: 'subprocess.python-asyncio-subprocess', family: 'subprocess', title: 'Starts processes through asyncio.create_subprocess_exec or create_subprocess_shell (also an event loop\'s subprocess_exec and subprocess_shell)', sources: ['asyncio', 'asyncio.AbstractEventLoop'], members: ['create_subprocess_exec', 'create_subprocess_shell', 'subprocess_exec', 'subprocess_shell'], raw: 'member' },
  { id: 'subprocess.python-multiprocessing', family: 'subprocess', title: 'Starts worker processes (multiprocessing, concurrent.futures.ProcessPoolExecutor)', sources: ['multiprocessing', 'multiprocessing.pool', 'concurrent.futures.process'], raw: 'member', star: ['Process', 'Pool', 'Manager', 'get_context', 'ProcessPoolExecutor'] },
  { id: 'subprocess.python-process-pool', family: 'subprocess', title: 'Starts a process pool through concurrent.futures.ProcessPoolExecutor', sources: ['concurrent.futures'], members: ['ProcessPoolExecutor'], raw: 'member' },
  { id: 'subprocess.python-pty', family: 'subprocess', title: 'Starts a process on a pseudo-terminal through pty', sources: ['pty'], members: ['spawn', 'fork'], raw: 'member' },
  { id: 'subprocess.python-webbrowser', family: 'subprocess', title: 'Opens the system browser through webbrowser (starts a process)', sources: ['webbrowser'], members: ['open', 'open_new', 'open_new_tab', 'get'], raw: 'member' },
  { id: 'subprocess.python-module-object', family: 'subprocess', title: 'Hands on a module that starts processes (os, posix, nt, pty, webbrowser) as a value, whose uses there are not followed', sources: SUBPROCESS_MODULE_OBJECTS, raw: 'module', moduleObject: true },
  { id: 'subprocess.python-readability-node', family: 'subprocess', title: 'Runs Node.js on the page through readabilipy (simple_json_from_html_string with use_readability=True starts node with Mozilla\'s Readability.js)', sources: ['readabilipy', 'readabilipy.simple_json'], members: ['simple_json_from_html_string'], raw: 'member', requires: { index: 1, keyword: 'use_readability', notFalse: true } },
  // `import whisper` is two libraries; what is called tells them apart. openai-whisper: load_model
  // downloads the checkpoint unless it is cached, and transcribe / load_audio of a path run ffmpeg
  // (a loaded model handed on is not followed, so load_model counts ffmpeg too). Graphite's
  // whisper: fetch / info read a .wsp file, create / update / merge write one.
  // Libraries that fetch a model or data from a hub the first time they load it (cached after): the
  // call that loads it is the use, the import is nothing. `*.from_pretrained` is that static method
  // of any class of the package (`AutoModel.from_pretrained(id)`, `transformers.BertModel…`);
  // `local_files_only=True` (transformers, diffusers, sentence-transformers, faster-whisper, fastembed) fetches nothing.
  { id: 'network.python-model-download', family: 'network', title: 'Loads a machine-learning model that is downloaded from a model hub unless it is cached (transformers and diffusers pipeline and any class\'s from_pretrained, sentence-transformers SentenceTransformer and CrossEncoder, ultralytics YOLO, SAM, RTDETR and the other model classes, faster-whisper WhisperModel, fastembed TextEmbedding, easyocr Reader)', sources: ['transformers', 'diffusers', 'sentence_transformers', 'ultralytics', 'faster_whisper', 'fastembed', 'easyocr'], members: ['pipeline', '*.from_pretrained', 'SentenceTransformer', 'CrossEncoder', ...ULTRALYTICS_MODELS, 'WhisperModel', 'TextEmbedding', 'Reader'], raw: 'member', offlineKeyword: 'local_files_only' },
  // Loaders that fetch by name and cache: torch.hub; tiktoken's encodings (the BPE ranks come from
  // OpenAI's blob storage the first time, unless TIKTOKEN_CACHE_DIR holds them); gensim's
  // downloader; TensorFlow Hub modules. The members are each one library's; no other has them.
  { id: 'network.python-data-download', family: 'network', title: 'Downloads a model, weights or data files by name or URL on first use (torch.hub load, load_state_dict_from_url, download_url_to_file; tiktoken get_encoding and encoding_for_model; gensim.downloader load; tensorflow_hub load, resolve and KerasLayer; spacy.cli download; keras get_file; datasets load_dataset; a torchvision data set with download=True, timm create_model with pretrained=True, a keras application with ImageNet weights)', sources: ['torch.hub', 'tiktoken', 'gensim.downloader', 'tensorflow_hub'], members: ['load', 'load_state_dict_from_url', 'download_url_to_file', 'get_encoding', 'encoding_for_model', 'resolve', 'KerasLayer'], raw: 'member' },
  // First-use downloads that an argument turns on: a torchvision data set given download=True (a name or an expression
  // counts), a timm model given pretrained=True. The download argument's position differs between data sets
  // (`MNIST(root, True, None, None, True)` is its fifth): the classes below by their position in torchvision 0.29's
  // signatures; SBU and SEMEION download by default. Any other class (EMNIST and QMNIST pass it on in **kwargs) by keyword.
  { id: 'network.python-data-download', family: 'network', title: 'Downloads a data set on first use (a torchvision.datasets class given download=True)', sources: ['torchvision.datasets'], raw: 'member', variant: true, requires: { index: -1, keyword: 'download', notFalse: true } },
  ...Object.entries(TORCHVISION_DOWNLOAD_POSITION).map(([index, members]) => ({ id: 'network.python-data-download', family: 'network' as const, title: 'Downloads a data set on first use (a torchvision.datasets class given download=True)', sources: ['torchvision.datasets'], members, raw: 'member' as const, variant: true as const, requires: { index: Number(index), keyword: 'download', notFalse: true as const } })),
  { id: 'network.python-data-download', family: 'network', title: 'Downloads a data set on first use (a torchvision.datasets class whose download defaults to True, unless download=False)', sources: ['torchvision.datasets'], members: ['SBU', 'SEMEION'], raw: 'member', variant: true, requires: { index: 3, keyword: 'download', notFalse: true, absentOn: true } },
  { id: 'network.python-data-download', family: 'network', title: 'Downloads pretrained weights on first use (timm create_model with pretrained=True)', sources: ['timm', 'timm.models'], members: ['create_model'], raw: 'member', variant: true, requires: { index: 1, keyword: 'pretrained', notFalse: true } },
  // keras applications load the ImageNet weights by default (weights='imagenet'); weights=None or a weights file's path does not fetch.
  { id: 'network.python-data-download', family: 'network', title: 'Downloads pretrained weights on first use (a keras application model, whose weights default to imagenet, unless weights=None or a file)', sources: KERAS_APPLICATION_SOURCES, members: KERAS_APPLICATIONS, raw: 'member', variant: true, requires: { index: -1, keyword: 'weights', downloads: ['imagenet'] } },
  { id: 'network.python-data-download', family: 'network', title: 'Downloads a file by URL on first use (keras get_file; the ImageNet class index of decode_predictions)', sources: ['keras.utils', 'tensorflow.keras.utils', 'keras.utils.data_utils', 'tensorflow.keras.utils.data_utils', ...KERAS_APPLICATION_SOURCES], members: ['get_file', 'decode_predictions'], raw: 'member', variant: true },
  // datasets fetches a data set from the hub unless the path is a local folder (PYTHON_MODEL_ARGUMENTS) or HF_DATASETS_OFFLINE is set first (PYTHON_HUB_OFFLINE).
  { id: 'network.python-data-download', family: 'network', title: 'Downloads a data set from the Hugging Face hub on first use (datasets load_dataset, load_dataset_builder)', sources: ['datasets'], members: ['load_dataset', 'load_dataset_builder'], raw: 'member', variant: true },
  { id: 'network.python-data-download', family: 'network', title: 'Downloads and installs a pipeline package (spacy.cli.download)', sources: ['spacy.cli', 'spacy.cli.download'], members: ['download'], raw: 'member', variant: true },
  { id: 'network.python-nltk-download', family: 'network', title: 'Downloads an NLTK data package (nltk.download; nltk.load of installed data fetches nothing)', sources: ['nltk'], members: ['download'], raw: 'member' },
  { id: 'network.python-whisper-model', family: 'network', title: 'Loads an openai-whisper model (whisper.load_model downloads the checkpoint unless it is cached; the model\'s transcribe runs ffmpeg: subprocess.python-whisper-ffmpeg)', sources: ['whisper'], members: ['load_model'], raw: 'member', also: ['subprocess.python-whisper-ffmpeg'] },
  { id: 'subprocess.python-whisper-transcribe', family: 'subprocess', title: 'Decodes audio with openai-whisper (whisper.transcribe, whisper.load_audio, a loaded model\'s transcribe: they run ffmpeg)', sources: ['whisper', 'whisper.model.Whisper'], members: ['transcribe', 'load_audio'], raw: 'member' },
  { id: 'subprocess.python-whisper-ffmpeg', family: 'subprocess', title: 'Runs ffmpeg through an openai-whisper model loaded here (companion of network.python-whisper-model)', sources: [], raw: 'member' },
  { id: 'filesystem.python-whisper-db-read', family: 'filesystem', title: 'Reads a Graphite whisper database file (whisper.fetch, info, diff)', sources: ['whisper'], members: ['fetch', 'info', 'diff', 'file_fetch', 'file_info', 'file_diff'], access: 'read', raw: 'member' },
  { id: 'filesystem.python-whisper-db-write', family: 'filesystem', title: 'Writes a Graphite whisper database file (whisper.create, update, update_many, merge, setAggregationMethod, setXFilesFactor)', sources: ['whisper'], members: ['create', 'update', 'update_many', 'merge', 'file_update', 'file_update_many', 'file_merge', 'setAggregationMethod', 'setXFilesFactor'], access: 'write', raw: 'member' },
  { id: 'subprocess.python-spawn-package', family: 'subprocess', title: 'Imports a process-spawning package (pexpect, sh, plumbum, GitPython, the MCP stdio client, ...)', sources: SPAWN_PACKAGES, raw: 'module' },
  { id: 'subprocess.python-jupyter-kernel', family: 'subprocess', title: 'Starts a Jupyter kernel process through jupyter_client (a kernel manager\'s start_kernel or restart_kernel, start_new_kernel; the kernel runs the code it is sent)', sources: ['jupyter_client', 'jupyter_client.manager', 'jupyter_client.KernelManager'], members: ['start_kernel', 'restart_kernel', 'start_new_kernel', 'start_new_async_kernel'], raw: 'member' },
  { id: 'subprocess.python-mcp-client', family: 'subprocess', title: 'Connects to an MCP server through the FastMCP client, which starts a server process for a script or command target', sources: [], raw: 'member' },
  { id: 'subprocess.python-mcp-transport', family: 'subprocess', title: 'Starts an MCP server process through a FastMCP stdio transport (StdioTransport, PythonStdioTransport, NodeStdioTransport, UvxStdioTransport, NpxStdioTransport, ...)', sources: ['fastmcp.client', 'fastmcp.client.transports'], members: ['StdioTransport', 'PythonStdioTransport', 'NodeStdioTransport', 'UvStdioTransport', 'UvxStdioTransport', 'NpxStdioTransport', 'FastMCPStdioTransport'], raw: 'member' },
  { id: 'subprocess.python-browser-automation', family: 'subprocess', title: 'Imports a browser automation package (launches a browser process)', sources: BROWSER_PACKAGES, raw: 'module', also: ['network.python-browser-automation'] },
  // crypto
  { id: 'crypto.python-stdlib', family: 'crypto', title: 'Uses hashlib, hmac or secrets (hashes, MACs, secure random)', sources: ['hashlib', 'hmac', 'secrets'], raw: 'member', star: ['new', 'md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha3_256', 'sha3_512', 'blake2b', 'blake2s', 'pbkdf2_hmac', 'scrypt', 'file_digest', 'compare_digest', 'digest', 'HMAC', 'token_bytes', 'token_hex', 'token_urlsafe', 'randbelow', 'randbits', 'SystemRandom'] },
  { id: 'crypto.python-os-random', family: 'crypto', title: 'Draws secure random bytes from the operating system (os.urandom, os.getrandom, random.SystemRandom)', sources: ['os', 'posix', 'nt', 'random'], members: ['urandom', 'getrandom', 'SystemRandom'], raw: 'member' },
  { id: 'crypto.python-package', family: 'crypto', title: 'Imports a cryptography package (cryptography, PyCryptodome, PyNaCl, PyJWT, bcrypt, ...)', sources: CRYPTO_PACKAGES, raw: 'module' },
  // code evaluation
  { id: 'code-evaluation.python-eval', family: 'codeEvaluation', title: 'Evaluates a string as code with eval, exec or compile', sources: ['builtins'], members: ['eval', 'exec', 'compile'], raw: 'member' },
  { id: 'code-evaluation.python-dynamic-import', family: 'codeEvaluation', title: 'Imports a module whose name is computed at run time, or loads a module from a file path (__import__, importlib)', sources: ['importlib.util', 'importlib.machinery', 'imp', 'zipimport'], members: ['zipimporter', 'spec_from_file_location', 'module_from_spec', 'SourceFileLoader', 'SourcelessFileLoader', 'ExtensionFileLoader', 'load_source', 'load_compiled', 'load_dynamic', 'load_module'], raw: 'member' },
  // A directory put on the import path: every later `import x` that finds x there runs its code.
  { id: 'code-evaluation.python-import-path', family: 'codeEvaluation', title: 'Adds a directory to the module search path or an import hook (sys.path.insert, append or extend, site.addsitedir, sys.meta_path, sys.path_hooks): later imports load and run code from there; a path built from __file__ (the package\'s own files) is none', sources: ['sys.path'], members: ['insert'], raw: 'member', ownPath: { index: 1, keyword: 'object' } },
  { id: 'code-evaluation.python-import-path', family: 'codeEvaluation', title: 'Adds a directory to the module search path (sys.path.append, sys.path.extend; sys.path += […], sys.path[:0] = […] and sys.path = […], read as __iadd__ and __setitem__)', sources: ['sys.path'], members: ['append', 'extend', '__iadd__', '__setitem__'], raw: 'member', variant: true, ownPath: { index: 0, keyword: 'object' } },
  { id: 'code-evaluation.python-import-path', family: 'codeEvaluation', title: 'Adds a site directory to the module search path (site.addsitedir; its .pth files run too)', sources: ['site'], members: ['addsitedir'], raw: 'member', variant: true, ownPath: { index: 0, keyword: 'sitedir' } },
  { id: 'code-evaluation.python-import-path', family: 'codeEvaluation', title: 'Installs an import hook (sys.meta_path, sys.path_hooks): the finder decides where imported code comes from', sources: ['sys.meta_path', 'sys.path_hooks'], members: ['insert', 'append', 'extend', '__iadd__', '__setitem__'], raw: 'member', variant: true },
  { id: 'code-evaluation.python-code-runner', family: 'codeEvaluation', title: 'Runs code through runpy, code, codeop or pdb (interpreters and debuggers evaluate what they read)', sources: ['runpy', 'code', 'codeop', 'pdb'], raw: 'member', star: ['run_module', 'run_path', 'interact', 'InteractiveConsole', 'InteractiveInterpreter', 'compile_command', 'set_trace', 'Pdb'] },
  { id: 'code-evaluation.python-profiler-run', family: 'codeEvaluation', title: 'Runs a statement given as a string through a profiler, tracer or doctest (cProfile and profile run and runctx, trace.Trace, doctest run_docstring_examples and debug_src execute the code they are given)', sources: ['cProfile', 'profile', 'trace', 'doctest'], members: ['run', 'runctx', 'Trace', 'run_docstring_examples', 'debug_src', 'debug_script'], raw: 'member' },
  { id: 'code-evaluation.python-timeit', family: 'codeEvaluation', title: 'Runs a statement given as a string through timeit (timeit, repeat, Timer compile and execute their stmt and setup strings)', sources: ['timeit'], members: ['timeit', 'repeat', 'Timer', 'main'], raw: 'member' },
  { id: 'code-evaluation.python-deserialize', family: 'codeEvaluation', title: 'Deserializes data that can run code (pickle, marshal, shelve, dill, cloudpickle, joblib, jsonpickle)', sources: [...DESERIALIZERS.filter((m) => m !== 'joblib'), 'jsonpickle'], members: ['load', 'loads', 'Unpickler', 'open', 'decode'], raw: 'member' },
  { id: 'code-evaluation.python-pickle-data', family: 'codeEvaluation', title: 'Loads pickled data through a data library (pandas.read_pickle unpickles its file, which can run code)', sources: ['pandas'], members: ['read_pickle'], raw: 'member' },
  { id: 'code-evaluation.python-numpy-pickle', family: 'codeEvaluation', title: 'Loads a NumPy file with allow_pickle=True (object arrays are unpickled, which can run code)', sources: [], raw: 'member' },
  { id: 'code-evaluation.python-yaml-unsafe', family: 'codeEvaluation', title: 'Loads YAML with the unsafe loader, which can build arbitrary objects (yaml.unsafe_load)', sources: ['yaml'], members: ['unsafe_load', 'unsafe_load_all'], raw: 'member' },
  { id: 'code-evaluation.python-yaml-unsafe-loader', family: 'codeEvaluation', title: 'Loads YAML through yaml.load with an unsafe loader named as its Loader argument (yaml.Loader, yaml.UnsafeLoader, yaml.CLoader), which can build arbitrary objects', sources: ['yaml'], members: ['load', 'load_all'], raw: 'member', requires: { index: 1, keyword: 'Loader', names: ['yaml.Loader', 'yaml.UnsafeLoader', 'yaml.CLoader', 'yaml.CUnsafeLoader'] } },
  { id: 'code-evaluation.python-expression-eval', family: 'codeEvaluation', title: 'Evaluates an expression string through a library that runs it as Python or compiles it (sympy.sympify and parse_expr call eval, numexpr.evaluate and pandas.eval compile the expression)', sources: ['sympy', 'sympy.parsing.sympy_parser', 'numexpr', 'pandas'], members: ['sympify', 'parse_expr', 'evaluate', 'eval'], raw: 'member' },
  { id: 'code-evaluation.python-dataframe-expression', family: 'codeEvaluation', title: 'Evaluates an expression string through a pandas data frame (DataFrame.query and DataFrame.eval compile the expression with numexpr or run it as Python, reaching names with @ and attributes of the frame\'s values)', sources: ['pandas.core.frame.DataFrame'], members: ['query', 'eval'], raw: 'member' },
  { id: 'code-evaluation.python-template-engine', family: 'codeEvaluation', title: 'Compiles a template string through an engine that turns templates into Python code and runs it (jinja2.Template, a jinja2 Environment\'s from_string, mako or tornado Template)', sources: ['jinja2', 'jinja2.Environment', 'mako.template', 'tornado.template'], members: ['Template', 'from_string'], raw: 'member' },
  { id: 'code-evaluation.python-interpreter-package', family: 'codeEvaluation', title: 'Imports an embedded interpreter or expression evaluator (asteval, simpleeval, RestrictedPython, js2py, PyMiniRacer, QuickJS, Lua, WebAssembly runtimes)', sources: INTERPRETER_PACKAGES, raw: 'module' },
  { id: 'code-evaluation.python-code-objects', family: 'codeEvaluation', title: 'Builds functions or code objects directly (types.FunctionType, types.CodeType)', sources: ['types'], members: ['FunctionType', 'CodeType', 'LambdaType'], raw: 'member' },
  { id: 'code-evaluation.python-module-object', family: 'codeEvaluation', title: 'Hands on a module that deserializes or loads code (pickle, marshal, shelve, importlib, builtins, ...) as a value, whose uses there are not followed', sources: CODE_EVALUATION_MODULE_OBJECTS, raw: 'module', moduleObject: true },
  // ctypes: loading a library, calling the interpreter's C API, calling a function pointer made
  // from an address, and raw memory access; its type names (`c_int`, `Structure`, `POINTER`,
  // `sizeof`, `byref`, `ctypes.wintypes`) describe data and load nothing.
  { id: 'code-evaluation.python-native', family: 'codeEvaluation', title: 'Loads or calls native code (ctypes, cffi)', sources: ['ctypes', '_ctypes'], members: CTYPES_NATIVE, raw: 'member' },
  { id: 'code-evaluation.python-native', family: 'codeEvaluation', title: 'Loads or calls native code (a ctypes function prototype called on an address or a library function)', sources: ['ctypes', '_ctypes'], members: ['CFUNCTYPE', 'WINFUNCTYPE', 'PYFUNCTYPE'], raw: 'member', variant: true, resultCalled: true },
  // `from_address` of any ctypes type (`c_char.from_address(a)`, `(c_char * n).from_address(a)`,
  // `POINTER(T).from_address(a)`, a Structure subclass's): an object over the memory at a raw address.
  // Matched on any receiver in a file that imports ctypes (see the scanner's rawAddress).
  { id: 'code-evaluation.python-native', family: 'codeEvaluation', title: 'Reads or writes raw memory at an address (the from_address of a ctypes type)', sources: ['ctypes._CData'], members: ['from_address'], raw: 'member', variant: true },
  // `c_char_p(addr).value`, `c_wchar_p(addr).value`: the string at a raw address (as `string_at`).
  { id: 'code-evaluation.python-native', family: 'codeEvaluation', title: 'Reads raw memory at an address (the value of a ctypes c_char_p or c_wchar_p made from an address)', sources: ['ctypes', '_ctypes'], members: ['c_char_p', 'c_wchar_p'], raw: 'member', variant: true, addressRead: true },
  { id: 'code-evaluation.python-exec-memory', family: 'codeEvaluation', title: 'Maps memory that can be executed (mmap.PROT_EXEC): machine code written there can be run', sources: ['mmap'], members: ['PROT_EXEC'], raw: 'member', constant: true },
  { id: 'code-evaluation.python-native', family: 'codeEvaluation', title: 'Loads or calls native code (cffi)', sources: ['cffi'], raw: 'member', variant: true, star: ['FFI'] },
  // environment
  { id: 'environment.python-os-environ', family: 'environment', title: 'Reads or changes environment variables through os (environ, getenv, putenv)', sources: ['os', 'posix', 'nt'], members: ['environ', 'environb', 'getenv', 'getenvb', 'putenv', 'unsetenv'], raw: 'member' },
  // Only load_dotenv puts the file's variables into os.environ (companion of its file read,
  // filesystem.python-dotenv-load); dotenv_values reads the file into a dict and leaves the
  // environment alone.
  { id: 'environment.python-dotenv', family: 'environment', title: 'Loads a .env file into the environment with python-dotenv (load_dotenv; dotenv_values only reads the file into a dict)', sources: [], raw: 'member' },
  { id: 'environment.python-settings', family: 'environment', title: 'Loads settings from environment variables through pydantic-settings (a BaseSettings class reads a variable for each field; pydantic 1 kept BaseSettings in pydantic)', sources: ['pydantic_settings', 'pydantic.BaseSettings', 'pydantic.env_settings'], raw: 'module' },
];

/**
 * Modules used mostly for something else, whose rows name a few members (`logging.FileHandler`,
 * `pandas.read_csv`, `random.SystemRandom`): a member looked up by a computed name there
 * (`getattr(logging, level)`, `getattr(np, dtype)`) is ordinary Python, not evasion, unless the
 * key reaches one of those rows; and a decoded string naming one is no capability name.
 */
export const PYTHON_INCIDENTAL_MODULES: ReadonlySet<string> = new Set([
  'logging', 'logging.handlers', 'random', 'pandas', 'polars', 'numpy', 'sympy', 'sympy.parsing.sympy_parser', 'numexpr', 'PIL', 'PIL.Image', 'cv2',
  'imageio', 'imageio.v2', 'imageio.v3', 'skimage', 'skimage.io', 'xml', 'xml.etree', 'xml.etree.ElementTree', 'xml.etree.cElementTree', 'xml.dom', 'xml.dom.minidom',
  'xml.dom.pulldom', 'xml.sax', 'lxml', 'lxml.etree', 'defusedxml', 'defusedxml.ElementTree', 'defusedxml.minidom', 'sqlalchemy', 'sqlalchemy.ext.asyncio', 'sqlmodel', 'peewee', 'playhouse.pool', 'playhouse.sqlite_ext', 'playhouse.apsw_ext', 'playhouse.sqliteq', 'playhouse.postgres_ext', 'playhouse.mysql_ext', 'playhouse.cockroachdb', 'playhouse.db_url', 'databases', 'tortoise', 'tortoise.Tortoise', 'tortoise.contrib.fastapi', 'tortoise.contrib.starlette',
  'pandas.DataFrame', 'pandas.core.frame.DataFrame', 'polars.DataFrame', 'PIL.Image.Image', 'openpyxl.workbook.Workbook', 'docx.document.Document', 'pptx.presentation.Presentation', 'fitz.Document',
  'pypdf.PdfWriter', 'xlsxwriter', 'matplotlib', 'matplotlib.pyplot', 'matplotlib.figure', 'matplotlib.figure.Figure', 'jinja2', 'jinja2.Environment', 'mako', 'mako.template', 'tornado.template',
  ...KUBE_CONFIG_MODULES, ...CREDENTIAL_FILE_LOADERS,
  'jupyter_client', 'jupyter_client.manager', 'jupyter_client.KernelManager', 'whisper', 'whisper.model.Whisper',
  'sqlite3.Connection', 'aiosqlite.Connection',
  'paramiko.SSHClient', 'paramiko.Transport', 'paramiko.SFTPClient', 'paramiko.PKey', 'pysftp.Connection', 'configparser.ConfigParser', 'http.cookiejar', 'http.cookiejar.FileCookieJar',
  'boto3.S3', 'google.cloud.storage.Blob', 'git.Repo', 'git.Remote', 'git.Repo.git', 'playwright.Page', 'soundfile', 'scipy', 'scipy.io', 'scipy.io.wavfile', 'librosa', 'torch', 'fastmcp', MCP_SERVER_OBJECT, 'fastmcp.client', 'fastmcp.client.transports', 'chromadb', 'pyarrow', 'pyarrow.parquet', 'pyarrow.csv', 'pyarrow.feather', 'pyarrow.orc',
  ...DOCUMENT_READERS,
]);

/** Members that are not capabilities (exceptions, constants, helpers that touch nothing). */
export const PYTHON_IGNORED: Readonly<Record<string, readonly string[]>> = {
  subprocess: ['CalledProcessError', 'TimeoutExpired', 'CompletedProcess', 'SubprocessError', 'list2cmdline'],
  'asyncio.subprocess': ['Process'],
  socket: ['gethostname', 'timeout', 'error', 'herror', 'gaierror', 'inet_aton', 'inet_ntoa', 'inet_pton', 'inet_ntop', 'htons', 'ntohs', 'htonl', 'ntohl', 'has_ipv6', 'getdefaulttimeout', 'setdefaulttimeout'],
  // Pure URL and header parsing re-exported by the HTTP modules, and the proxy settings (read from
  // the environment or the system's configuration, httpx calls getproxies()).
  'urllib.request': ['url2pathname', 'pathname2url', 'parse_http_list', 'parse_keqv_list', 'getproxies', 'getproxies_environment', 'proxy_bypass', 'proxy_bypass_environment'],
  urllib2: ['url2pathname', 'pathname2url', 'parse_http_list', 'parse_keqv_list', 'getproxies', 'proxy_bypass'],
  'http.client': ['parse_headers', 'responses'],
  ssl: ['SSLError', 'SSLZeroReturnError', 'SSLCertVerificationError', 'CertificateError', 'Purpose', 'TLSVersion', 'VerifyMode', 'OPENSSL_VERSION'],
  multiprocessing: ['cpu_count', 'current_process', 'parent_process', 'active_children', 'get_start_method', 'set_start_method', 'freeze_support', 'Lock', 'RLock', 'Semaphore', 'BoundedSemaphore', 'Event', 'Condition', 'Barrier', 'Queue', 'JoinableQueue', 'SimpleQueue', 'Value', 'Array', 'Pipe', 'log_to_stderr', 'get_logger', 'TimeoutError', 'AuthenticationError', 'ProcessError'],
  ctypes: ['util'],
  pdb: ['Restart'],
};
