/**
 * Network patterns: the `fetch` global (also through `globalThis.fetch` or an alias),
 * `WebSocket`, `XMLHttpRequest`, `EventSource`, Node's `http`/`https`/`http2`/`net`/`tls`/`dgram`/`dns`,
 * common HTTP, socket and database client packages, remote-service SDKs (also by package-name
 * prefix: `@aws-sdk/client-*`), HTTP server frameworks, the MCP SDK's network client transports,
 * and the Deno and Bun network APIs.
 *
 * @module
 */
import type { CapabilityPattern, ModuleInfo } from '../types.ts';

const HTTP_CLIENT_PACKAGES = [
  'undici', 'axios', 'got', 'node-fetch', 'ws', 'cross-fetch', 'isomorphic-fetch', 'superagent', 'request', 'ky',
  'needle', 'phin', 'socket.io-client', 'eventsource', 'isomorphic-ws', 'make-fetch-happen', 'ofetch',
  'http-proxy', 'basic-ftp', 'ssh2', 'nodemailer', 'node-fetch-native', 'wretch', 'redaxios', 'simple-get',
  'follow-redirects', 'graphql-request', '@apollo/client', 'ssh2-sftp-client', 'node-ssh', 'imapflow', 'mqtt', 'amqplib',
  'kafkajs', 'nats', 'graphql-ws', 'telegraf', 'node-telegram-bot-api', 'grammy', 'twitter-api-v2', 'openapi-fetch',
  'openapi-client-axios', 'ky-universal', 'node-fetch-commonjs',
  'bent', 'urllib', 'request-promise', 'request-promise-native', 'got-scraping', 'node-libcurl', 'xmlhttprequest', 'xhr2',
  'websocket', 'faye-websocket', 'reconnecting-websocket', 'partysocket', 'sockjs-client', 'engine.io-client',
  '@hapi/wreck', 'gaxios', 'centra', 'tiny-json-http', 'minipass-fetch', '@whatwg-node/fetch', 'whatwg-fetch', 'unfetch', 'fetch-h2',
  '@actions/http-client', '@cypress/request', 'postman-request', 'typed-rest-client', 'npm-registry-fetch', 'http2-client', 'isows',
  '@trpc/client', 'subscriptions-transport-ws', 'hot-shots', '@hey-api/client-fetch',
  // isomorphic-git's HTTP transports (the package itself only uses the fs and http it is given).
  'isomorphic-git/http/node', 'isomorphic-git/http/web',
  '@grpc/grpc-js', 'grpc', 'zeromq', '@stomp/stompjs', 'ably', 'pusher', 'pusher-js', 'ftp', 'ssh2-promise', 'web-push',
  // Proxy agents: their sockets go to the proxy.
  'http-proxy-agent', 'https-proxy-agent', 'socks-proxy-agent', 'proxy-agent',
  // Mail (IMAP, SMTP, mail service APIs) and directory (LDAP) clients.
  'imap', 'imap-simple', 'node-imap', 'emailjs', 'mailgun.js', 'postmark', 'ldapjs', 'ldapts',
  // Job queues on Redis, MongoDB or PostgreSQL.
  'bullmq', 'bull', 'bee-queue', 'agenda', 'pg-boss',
  // Downloads browsers from the network into a cache directory.
  '@puppeteer/browsers',
  // The MCP SDK's client transports that connect to a server over the network.
  '@modelcontextprotocol/sdk/client/sse.js', '@modelcontextprotocol/sdk/client/streamableHttp.js', '@modelcontextprotocol/sdk/client/websocket.js',
];
const DATABASE_CLIENT_PACKAGES = [
  'pg', 'mysql', 'mysql2', 'mongodb', 'mongoose', 'redis', 'ioredis', 'cassandra-driver', 'postgres', 'mssql', 'tedious',
  'oracledb', 'mariadb', '@neondatabase/serverless', '@planetscale/database', '@vercel/postgres', '@libsql/client',
  'neo4j-driver', '@elastic/elasticsearch', '@opensearch-project/opensearch', '@clickhouse/client', 'snowflake-sdk',
  'couchbase', '@upstash/redis', 'pg-promise', 'pg-pool', 'pg-native', '@redis/client', 'memcached', 'memjs', 'nano', 'arangojs',
  'rethinkdb', '@influxdata/influxdb-client', 'odbc', 'ibm_db', 'surrealdb', 'dynamoose', '@mikro-orm/postgresql', '@mikro-orm/mysql',
  '@mikro-orm/mongodb', '@prisma/client', 'knex', 'sequelize', 'typeorm', '@qdrant/js-client-rest',
  '@pinecone-database/pinecone', 'chromadb', 'weaviate-client', '@upstash/vector', 'firebase', 'firebase/app',
  // Drizzle's drivers for database servers (its SQLite drivers are files: filesystem.sqlite).
  'drizzle-orm/node-postgres', 'drizzle-orm/postgres-js', 'drizzle-orm/mysql2', 'drizzle-orm/neon-http',
  'drizzle-orm/neon-serverless', 'drizzle-orm/libsql', 'drizzle-orm/planetscale-serverless', 'drizzle-orm/vercel-postgres',
  // Deno drivers (JSR and deno.land/x).
  '@db/postgres', '@db/redis', 'deno.land/x/postgres', 'deno.land/x/redis', 'deno.land/x/mysql',
];
/** SDKs of remote services: every call is a request to that service. */
const SERVICE_SDK_PACKAGES = [
  'openai', '@anthropic-ai/sdk', '@google/generative-ai', '@google/genai', '@mistralai/mistralai', 'groq-sdk', 'cohere-ai',
  'octokit', '@octokit/rest', '@octokit/core', '@octokit/graphql', '@slack/web-api', '@slack/bolt', 'discord.js',
  'twilio', 'stripe', '@sendgrid/mail', 'googleapis', 'google-auth-library', '@notionhq/client', '@linear/sdk',
  '@kubernetes/client-node', 'aws-sdk', 'firebase-admin', '@supabase/supabase-js', '@azure/identity', '@azure/storage-blob',
  '@azure/cosmos', '@azure/keyvault-secrets', '@azure/service-bus',
  // Named although `@google-cloud/` is a prefix below: its Bucket's upload and File's download have
  // filesystem rows of their own (filesystem.cloud-storage-upload/-download).
  '@google-cloud/storage',
  // Web search, scraping and remote sandboxes (common behind MCP tools), other services.
  'exa-js', '@mendable/firecrawl-js', '@tavily/core', '@browserbasehq/sdk', 'e2b', 'duck-duck-scrape', 'serpapi',
  'google-search-results-nodejs', 'crawlee', '@crawlee/core', '@crawlee/http', '@crawlee/cheerio', '@crawlee/playwright',
  '@crawlee/puppeteer', 'youtube-transcript', 'ytdl-core', '@distube/ytdl-core', 'wikipedia',
  '@e2b/code-interpreter', 'replicate', '@huggingface/inference', 'ollama', 'resend', 'dockerode', 'algoliasearch',
  'meilisearch', 'typesense', 'cloudinary', '@vercel/blob', 'airtable', '@hubspot/api-client', 'jira.js', '@upstash/qstash',
  // Seen behind MCP servers (azure-devops, notion, analytics, sign-in).
  'azure-devops-node-api', '@azure/msal-node', 'posthog-node', '@sentry/node', 'mixpanel', '@segment/analytics-node',
  // AI model providers (also the AI SDK's and LangChain's provider packages).
  '@ai-sdk/openai', '@ai-sdk/anthropic', '@ai-sdk/google', '@ai-sdk/mistral', '@ai-sdk/amazon-bedrock', '@ai-sdk/azure', '@ai-sdk/groq',
  '@ai-sdk/xai', '@ai-sdk/deepseek', '@langchain/openai', '@langchain/anthropic', '@langchain/google-genai', '@azure/openai',
  'together-ai', '@fal-ai/client', '@elevenlabs/elevenlabs-js', '@deepgram/sdk', 'assemblyai',
  // Work, content and storage services.
  '@gitbeaker/rest', '@gitbeaker/node', '@microsoft/microsoft-graph-client', 'jsforce', '@sanity/client', 'contentful', 'dropbox',
  'minio', 'cloudflare', '@datadog/datadog-api-client', '@azure/search-documents', '@azure/data-tables', '@azure/event-hubs',
  '@aws-sdk/lib-dynamodb', '@aws-sdk/lib-storage', '@vercel/kv', '@supabase/postgrest-js', '@supabase/realtime-js', '@supabase/auth-js',
  '@sendgrid/client', '@azure/keyvault-keys', 'svix', '@clerk/backend', 'langsmith', '@vercel/sandbox', '@daytonaio/sdk',
  '@algolia/client-search', '@algolia/recommend', '@slack/socket-mode', '@slack/webhook', '@slack/oauth', '@launchdarkly/node-server-sdk',
  '@langchain/langgraph-sdk', '@line/bot-sdk', '@a2a-js/sdk', '@larksuiteoapi/node-sdk', 'auth0', '@netlify/blobs', 'iceberg-js',
  // Hosted model apps and the model hub (mcp-hfspace calls Gradio apps on Hugging Face Spaces).
  '@gradio/client', '@huggingface/hub',
  // Link previews and article or feed extractors: each call fetches the URL it is given.
  'link-preview-js', '@extractus/article-extractor', '@extractus/feed-extractor', '@extractus/oembed-extractor', '@postlight/parser', 'unfurl.js',
  // Translation, speech and task services (deepl-mcp-server's deepl-node, @roychri/mcp-server-asana's asana).
  'deepl-node', 'microsoft-cognitiveservices-speech-sdk', 'asana', '@doist/todoist-api-typescript',
  // YouTube data fetchers (InnerTube, search, captions and transcripts: each call requests youtube.com).
  'youtubei.js', 'yt-search', 'youtube-caption-extractor', 'youtube-transcript-plus', 'node-youtube-music', 'youtube-api',
];
/**
 * WebDAV, CalDAV and CardDAV clients whose names do not say so (the words `webdav`, `caldav` and
 * `carddav` in a name are a row of their own, see NETWORK_NAME_WORDS).
 */
const DAV_PACKAGES = ['dav', 'dav-request', '@naimo84/dav'];
/** Package-name prefixes of service SDK families (`@aws-sdk/client-s3`, `@google-cloud/storage`). */
const SERVICE_SDK_PREFIXES = ['@aws-sdk/client-', '@google-cloud/', '@azure/arm-'];
/** Frameworks whose import sets up an HTTP server that listens for requests. */
/**
 * Names of an argument or option key that carry a remote service's API key: a class of a package
 * no row names that is constructed with one is that service's client
 * (`network.api-key-client`, see ../api-key-clients.ts).
 */
export const API_KEY_ARGUMENT_NAMES: ReadonlySet<string> = new Set(['apiKey', 'api_key', 'apikey', 'apiToken', 'api_token', 'accessToken', 'access_token', 'authToken', 'auth_token', 'personalAccessToken', 'bearerToken']);
/** Environment variables holding such a key (`EVERART_API_KEY`, `GITLAB_API_TOKEN`, `ACCESS_TOKEN`). */
export const API_KEY_ENV_NAME = /(?:^|_)(?:API_?KEY|API_?TOKEN|ACCESS_?TOKEN|AUTH_?TOKEN)$/;

const SERVER_PACKAGES = ['express', 'fastify', 'koa', '@hono/node-server', 'restify', 'socket.io', 'mcp-proxy', '@oak/oak', 'deno.land/x/oak'];

/**
 * Loaders whose load call fetches the source it is given when that is a URL (an options object
 * with `url`, or a URL string) and reads nothing from the network when it is bytes (`{ data }`, a
 * typed array) or a local path: pdfjs-dist `getDocument`, pdf-parse 2.x `new PDFParse`, canvas
 * `loadImage`, the OpenAPI and JSON Schema parsers (`parse`, `dereference`, `bundle`, `resolve`,
 * `validate` of a spec location; remote `$ref`s are fetched too). The packages are no network
 * clients, so their import says nothing; the call says it.
 */
const URL_LOADER_PACKAGES = [
  'pdfjs-dist', 'pdf-parse', 'canvas', '@napi-rs/canvas', 'skia-canvas',
  '@apidevtools/swagger-parser', 'swagger-parser', '@readme/openapi-parser', '@apidevtools/json-schema-ref-parser', 'json-schema-ref-parser',
];
const URL_LOADER_MEMBERS = ['getDocument', 'PDFParse', 'loadImage', 'parse', 'dereference', 'bundle', 'resolve', 'validate'];

/**
 * Libraries that fetch the data or model files they need the first time they run, from a CDN or
 * a model hub (tesseract.js workers download the language data, transformers.js pipelines the
 * model), and whose import says nothing of it: the call that starts them says it.
 */
/** Display names of handle objects network calls return. */
export const NETWORK_HANDLES: Readonly<Record<string, string>> = { 'tesseract-worker': 'tesseract.js.Worker' };

const DATA_DOWNLOAD_PACKAGES = ['tesseract.js', '@huggingface/transformers', '@xenova/transformers'];
const DATA_DOWNLOAD_MEMBERS = ['createWorker', 'recognize', 'detect', 'pipeline', '*.from_pretrained'];

/**
 * Parsers of text they are given that also have a loader fetching a URL (`parseURL` of an
 * rss-parser `Parser`, cheerio's `fromURL`): only that loader is a capability.
 */
const URL_PARSER_PACKAGES = ['rss-parser', 'cheerio'];
const URL_PARSER_MEMBERS = ['parseURL', 'fromURL'];

/** Module specifiers of the network family. */
export const NETWORK_MODULES: Readonly<Record<string, ModuleInfo>> = {
  ...Object.fromEntries([...URL_LOADER_PACKAGES, ...DATA_DOWNLOAD_PACKAGES, ...URL_PARSER_PACKAGES].map((name) => [name, { source: name, display: name }])),
  // jsdom parses HTML in memory; its JSDOM.fromURL fetches (and JSDOM.fromFile reads, a filesystem row).
  jsdom: { source: 'jsdom', display: 'jsdom' },
  http: { source: 'http', display: 'http' },
  https: { source: 'https', display: 'https' },
  http2: { source: 'http2', display: 'http2' },
  net: { source: 'net', display: 'net' },
  tls: { source: 'tls', display: 'tls' },
  dgram: { source: 'dgram', display: 'dgram' },
  dns: { source: 'dns', display: 'dns' },
  'dns/promises': { source: 'dns', display: 'dns' },
  '@std/http': { source: '@std/http', display: '@std/http' },
  '@std/net': { source: '@std/net', display: '@std/net' },
  ...Object.fromEntries([...HTTP_CLIENT_PACKAGES, ...DATABASE_CLIENT_PACKAGES, ...SERVICE_SDK_PACKAGES, ...SERVER_PACKAGES, ...DAV_PACKAGES].map((name) => [name, { source: name, display: name }])),
};

/**
 * Words that name a package as a web scraper or crawler (`youtube-captions-scraper`,
 * `google-play-scraper`, `website-scraper`, `crawler`): such a package fetches the pages it scrapes;
 * and words that name it for WebDAV, CalDAV or CardDAV (`webdav`, `ts-caldav`, `webdav-server`),
 * HTTP protocols for files, calendars and contacts that only exist between a client and a server.
 * A word is a whole part of the package name between `-`, `_`, `.` and `/` (`metascraper`, which
 * extracts metadata from HTML it is given, has none). Each maps to the source of its pattern row.
 */
export const NETWORK_NAME_WORDS: Readonly<Record<string, string>> = {
  scraper: 'word:scraper', scrapers: 'word:scraper', crawler: 'word:crawler', crawlers: 'word:crawler',
  webdav: 'word:dav', caldav: 'word:dav', carddav: 'word:dav',
};

/**
 * Endings of a word that name a package for a protocol, each with the source of its pattern row:
 * a word of the package's own name (not its scope) that ends in `dav` after at least one letter
 * is a WebDAV, CalDAV or CardDAV name the whole words miss (`tsdav`, `dwdav`, Nextcloud's
 * `cdav-library`); the bare word `dav` is not one (`dav-nuxt-3-uikit` is a UI kit), nor are the
 * given names that end so ({@link NETWORK_NAME_SUFFIX_EXCEPTIONS}).
 */
export const NETWORK_NAME_SUFFIXES: Readonly<Record<string, string>> = { dav: 'word:dav' };

/** Words that end in a suffix of {@link NETWORK_NAME_SUFFIXES} and are names of people (`nadav`, `yadav`). */
export const NETWORK_NAME_SUFFIX_EXCEPTIONS: ReadonlySet<string> = new Set(['nadav', 'yadav', 'jadav']);

/**
 * Words beside which scraper or crawler names what a package recognizes, not what it does: a
 * crawler detector reads a User-Agent string it is given (`crawler-user-agents`,
 * `es6-crawler-detect`, `is-crawler`), and `@types/…` holds declarations only.
 */
export const NETWORK_NAME_WORD_EXCEPTIONS: ReadonlySet<string> = new Set(['detect', 'detector', 'detection', 'is', 'user', 'agent', 'agents', 'useragent', 'useragents', 'ua', 'types']);

/** Package-name prefixes of the network family, each with the source of its pattern row. */
export const NETWORK_MODULE_PREFIXES: Readonly<Record<string, string>> = Object.fromEntries(SERVICE_SDK_PREFIXES.map((prefix) => [prefix, `${prefix}*`]));

/** Members of a network package that stand for a module of their own (`JSDOM.fromURL`: the class's static methods). */
export const NETWORK_MEMBER_MODULES: Readonly<Record<string, Readonly<Record<string, { source: string; display: string; path: readonly string[] }>>>> = {
  jsdom: { JSDOM: { source: 'jsdom', display: 'jsdom.JSDOM', path: [] } },
  // Jimp 1.x exports the class by name (`import { Jimp } from 'jimp'`; `Jimp.read(p)`).
  jimp: { Jimp: { source: 'jimp', display: 'jimp', path: [] } },
};

/**
 * Methods of objects a network package makes, counted on any receiver where the file imports the
 * package (`const parser = new Parser(); parser.parseURL(u)`): the scanner does not follow the
 * object from the call that made it (see the filesystem's receiver methods).
 */
export const NETWORK_RECEIVER_METHODS: ReadonlyMap<string, { source: string }> = new Map([
  ['parseURL', { source: 'rss-parser' }],
]);

/** Network pattern rows. */
export const NETWORK_PATTERNS: readonly CapabilityPattern[] = [
  { id: 'network.fetch', family: 'network', title: 'Calls the fetch global', sources: ['global', 'Bun'], members: ['fetch'], raw: 'member' },
  { id: 'network.node-binding', family: 'network', title: 'Opens sockets through a Node internal binding (process.binding(\'tcp_wrap\'), \'udp_wrap\', \'pipe_wrap\', \'tls_wrap\', \'cares_wrap\')', sources: [], raw: 'member' },
  { id: 'network.websocket', family: 'network', title: 'Opens a WebSocket', sources: ['global'], members: ['WebSocket', 'WebSocketStream'], raw: 'member' },
  { id: 'network.web-transport', family: 'network', title: 'Opens a WebTransport session (HTTP/3)', sources: ['global'], members: ['WebTransport'], raw: 'member' },
  { id: 'network.xhr', family: 'network', title: 'Uses XMLHttpRequest', sources: ['global'], members: ['XMLHttpRequest'], raw: 'member' },
  { id: 'network.event-source', family: 'network', title: 'Opens an EventSource (server-sent events)', sources: ['global'], members: ['EventSource'], raw: 'member' },
  { id: 'network.browser-automation-package', family: 'network', title: 'Imports a browser automation package (the browser loads pages from the network)', sources: [], raw: 'module' },
  { id: 'network.beacon', family: 'network', title: 'Sends data with navigator.sendBeacon', sources: ['navigator'], members: ['sendBeacon'], raw: 'member' },
  { id: 'network.remote-import', family: 'network', title: 'Fetches a module from an http(s) URL at run time (import("https://…"))', sources: [], raw: 'member' },
  { id: 'network.document-loader-url', family: 'network', title: 'Loads a document, image or API spec from a URL (pdfjs-dist getDocument, pdf-parse new PDFParse, canvas loadImage, OpenAPI/JSON Schema parsers given { url }, an http(s) URL or a value whose keys are not seen; { data }, bytes or a local path string load nothing from the network)', sources: URL_LOADER_PACKAGES, members: URL_LOADER_MEMBERS, literalOption: 'url', raw: 'member' },
  { id: 'network.model-data-download', family: 'network', title: 'Starts a library that downloads its language data or model on first use (tesseract.js createWorker, recognize, detect: traineddata from a CDN unless langPath is a local path; transformers.js pipeline and any class\'s from_pretrained: a model from the Hugging Face hub)', sources: DATA_DOWNLOAD_PACKAGES, members: DATA_DOWNLOAD_MEMBERS, localOption: { key: 'langPath', input: ['recognize', 'detect'] }, returns: 'tesseract-worker', returnsFor: ['createWorker'], raw: 'member' },
  { id: 'network.tesseract-worker-input', family: 'network', title: 'Recognizes an image a tesseract.js worker may fetch from a URL (a worker\'s recognize or detect given an http(s) URL or a value whose kind is not seen; a local path string or bytes built in the call fetch nothing)', sources: ['tesseract-worker'], members: ['recognize', 'detect'], literalOption: 'url', raw: 'member' },
  { id: 'network.parser-url-loader', family: 'network', title: 'Fetches a feed or page through a parser\'s URL loader (rss-parser parseURL, cheerio fromURL; parsing a string fetches nothing)', sources: URL_PARSER_PACKAGES, members: URL_PARSER_MEMBERS, raw: 'member' },
  { id: 'network.path-or-url-reader', family: 'network', title: 'Fetches the input of a reader that takes a local path or a URL, when the input may be a URL (Jimp.read given a variable or an http(s) URL; a path string or bytes fetch nothing)', sources: [], raw: 'member' },
  // heldout-code21 w02: Deno.openKv(`https://api.deno.com/databases/${id}/connect`) is Deno Deploy's KV over HTTPS.
  { id: 'network.deno-kv-remote', family: 'network', title: 'Opens a remote Deno KV database (Deno.openKv given an http(s) URL, a literal or a template whose head spells it: KV Connect over HTTPS, no local file)', sources: [], raw: 'member' },
  { id: 'network.jsdom-from-url', family: 'network', title: 'Loads a page from a URL with jsdom (JSDOM.fromURL)', sources: ['jsdom'], members: ['fromURL'], raw: 'member' },
  { id: 'network.node-http', family: 'network', title: 'Uses Node http, https or http2 (client or server)', sources: ['http', 'https', 'http2'], raw: 'member' },
  { id: 'network.node-socket', family: 'network', title: 'Uses Node net, tls or dgram sockets', sources: ['net', 'tls', 'dgram'], raw: 'member' },
  { id: 'network.node-dns', family: 'network', title: 'Resolves names through Node dns', sources: ['dns'], raw: 'member' },
  { id: 'network.http-client-package', family: 'network', title: 'Imports an HTTP, WebSocket or other network client package', sources: HTTP_CLIENT_PACKAGES, raw: 'module' },
  { id: 'network.database-client-package', family: 'network', title: 'Imports a database client package (opens network connections)', sources: DATABASE_CLIENT_PACKAGES, raw: 'module' },
  { id: 'network.service-sdk-package', family: 'network', title: 'Imports the SDK of a remote service (AI, code hosting, chat, cloud, web search and scraping, remote sandboxes)', sources: [...SERVICE_SDK_PACKAGES, ...SERVICE_SDK_PREFIXES.map((p) => `${p}*`)], raw: 'module' },
  { id: 'network.scraper-package', family: 'network', title: 'Imports a package named as a web scraper or crawler (the word scraper or crawler in its name: it fetches the pages it scrapes)', sources: ['word:scraper', 'word:crawler'], raw: 'module' },
  { id: 'network.dav-package', family: 'network', title: 'Imports a WebDAV, CalDAV or CardDAV client or server package (a word of its name that ends in dav, as webdav, caldav, carddav, tsdav, cdav, or dav, dav-request: files, calendars and contacts on a server, over HTTP)', sources: ['word:dav', ...DAV_PACKAGES], raw: 'module' },
  { id: 'network.api-key-client', family: 'network', title: 'Constructs a class of a package no row names with an API key (a remote service\'s client: new Retell({ apiKey }), new Client(process.env.X_API_KEY))', sources: [], raw: 'module' },
  { id: 'network.server-package', family: 'network', title: 'Imports an HTTP server framework (listens for requests)', sources: SERVER_PACKAGES, raw: 'module' },
  { id: 'network.deno-std-http-server', family: 'network', title: 'Starts an HTTP server through the old Deno standard library (std/http/server.ts serve, listenAndServe, Server)', sources: ['@std/http'], members: ['serve', 'serveTls', 'listenAndServe', 'listenAndServeTls', 'Server'], raw: 'member' },
  { id: 'network.deno-std-http-file-server', family: 'network', title: 'Serves files with @std/http serveDir or serveFile (the files leave over the network)', sources: [], raw: 'member' },
  { id: 'network.deno-std-net', family: 'network', title: 'Opens a listener to find a free port (@std/net getAvailablePort)', sources: ['@std/net'], members: ['getAvailablePort'], raw: 'member' },
  { id: 'network.deno', family: 'network', title: 'Uses the Deno network APIs', sources: ['Deno'], members: ['connect', 'connectTls', 'listen', 'listenTls', 'listenDatagram', 'serve', 'serveHttp', 'resolveDns', 'startTls', 'createHttpClient', 'upgradeWebSocket', 'connectQuic', 'listenQuic'], raw: 'member' },
  { id: 'network.bun', family: 'network', title: 'Uses the Bun network APIs (sockets, servers, DNS, SQL, Redis and S3 clients)', sources: ['Bun'], members: ['connect', 'listen', 'serve', 'udpSocket', 'sql', 'SQL', 'redis', 'RedisClient', 's3', 'S3Client', 'dns'], raw: 'member' },
];

/** Members that are not capabilities (constants, validators). */
export const NETWORK_IGNORED: Readonly<Record<string, readonly string[]>> = {
  http: ['STATUS_CODES', 'METHODS', 'validateHeaderName', 'validateHeaderValue', 'maxHeaderSize'],
  https: ['STATUS_CODES', 'METHODS'],
  http2: ['constants', 'getDefaultSettings', 'getPackedSettings', 'getUnpackedSettings', 'sensitiveHeaders'],
  // BlockList and SocketAddress are address arithmetic: no socket is opened.
  net: ['isIP', 'isIPv4', 'isIPv6', 'getDefaultAutoSelectFamily', 'setDefaultAutoSelectFamily', 'getDefaultAutoSelectFamilyAttemptTimeout', 'setDefaultAutoSelectFamilyAttemptTimeout', 'BlockList', 'SocketAddress'],
  tls: ['DEFAULT_MIN_VERSION', 'DEFAULT_MAX_VERSION', 'DEFAULT_ECDH_CURVE', 'DEFAULT_CIPHERS', 'rootCertificates', 'getCACertificates', 'setDefaultCACertificates', 'getCiphers', 'checkServerIdentity'],
};
