/**
 * Vendors whose APIs answer at hosts that do not spell the name their keys and products go by (surface30): Jira's API is
 * `your-domain.atlassian.net`, OpenWeather's `api.openweathermap.org`, Google's `*.googleapis.com`, AWS's
 * `*.amazonaws.com`, WeChat's `api.weixin.qq.com`, Feishu's `open.larksuite.com`. `OPENWEATHER_API_KEY` sent to
 * `api.openweathermap.org` goes to its own service, as `GITHUB_TOKEN` to `api.github.com` does (`namesSite`). One row a
 * vendor: the words a variable or a tool name calls it by, the host suffixes that answer only its API, and those where
 * anybody's bucket, function, tenant or chat webhook answers too; `order-rows-29.ts` takes the second kind as the key's
 * own only where the text sends the key as the request's credential.
 *
 * @module
 */

import { siteLabel } from './site-label.ts';

/**
 * A vendor: the words that name it in a variable or a tool name (`jira` in `JIRA_API_TOKEN`), the host suffixes that
 * answer only its API (`api.openweathermap.org`, `translation.googleapis.com`), and those where anybody's bucket, function,
 * server, tenant or chat webhook answers too (`*.s3.amazonaws.com`, `storage.googleapis.com`, `*.atlassian.net`,
 * `open.feishu.cn/open-apis/bot/v2/hook/…`): a key sent there reaches whoever put it up unless it is only the
 * request's credential.
 */
export interface VendorHosts {
  readonly vendor: string;
  readonly names: readonly string[];
  readonly hosts: readonly string[];
  readonly sharedHosts: readonly string[];
}

/** The rows, one a vendor. A shared suffix is looked for first: `storage.googleapis.com` is shared, `googleapis.com` not. */
export const VENDOR_HOSTS: readonly VendorHosts[] = [
  { vendor: 'Atlassian', names: ['atlassian', 'jira', 'confluence', 'opsgenie', 'statuspage'], hosts: ['api.atlassian.com'], sharedHosts: ['atlassian.net', 'atlassian.com', 'jira.com'] },
  { vendor: 'OpenWeather', names: ['openweather', 'openweathermap', 'owm'], hosts: ['openweathermap.org'], sharedHosts: [] },
  { vendor: 'Google', names: ['google', 'gcp', 'gcloud', 'gemini', 'youtube', 'gmail', 'vertex'], hosts: ['googleapis.com'], sharedHosts: ['storage.googleapis.com', 'firebasestorage.googleapis.com', 'firestore.googleapis.com', 'google.com'] },
  { vendor: 'Amazon Web Services', names: ['aws', 'amazon', 'bedrock'], hosts: [], sharedHosts: ['amazonaws.com'] },
  { vendor: 'Microsoft Azure', names: ['azure', 'microsoft', 'msgraph', 'bing'], hosts: ['microsofttranslator.com', 'microsoftonline.com', 'graph.microsoft.com', 'atlas.microsoft.com', 'speech.microsoft.com', 'api.cognitive.microsoft.com', 'cognitiveservices.azure.com', 'openai.azure.com', 'management.azure.com'], sharedHosts: ['microsoft.com', 'azure.com', 'azure.net', 'windows.net'] },
  { vendor: 'Feishu / Lark', names: ['feishu', 'lark', 'larksuite'], hosts: [], sharedHosts: ['feishu.cn', 'larksuite.com', 'larkoffice.com'] },
  { vendor: 'WeChat', names: ['wechat', 'weixin', 'wx', 'wecom', 'wxwork'], hosts: [], sharedHosts: ['weixin.qq.com', 'wechat.com'] },
  { vendor: 'DingTalk', names: ['dingtalk', 'dingding'], hosts: [], sharedHosts: ['dingtalk.com'] },
  { vendor: 'Baidu', names: ['baidu', 'qianfan', 'ernie', 'wenxin', 'bce'], hosts: ['baidubce.com'], sharedHosts: ['bcebos.com', 'baidu.com'] },
  { vendor: 'Alibaba Cloud', names: ['aliyun', 'alibaba', 'alibabacloud', 'alicloud', 'dashscope', 'qwen'], hosts: ['aliyuncs.com'], sharedHosts: ['oss.aliyuncs.com', 'fc.aliyuncs.com', 'aliyun.com', 'alibabacloud.com'] },
  { vendor: 'Tencent Cloud', names: ['tencent', 'tencentcloud', 'qcloud', 'hunyuan'], hosts: ['tencentcloudapi.com'], sharedHosts: ['tencentcloud.com', 'cloud.tencent.com'] },
  { vendor: 'Volcengine', names: ['volcengine', 'volc', 'doubao', 'ark'], hosts: ['volces.com', 'volcengineapi.com'], sharedHosts: ['tos.volces.com'] },
  { vendor: 'Zhipu', names: ['zhipu', 'zhipuai', 'glm', 'bigmodel'], hosts: ['bigmodel.cn'], sharedHosts: [] },
  { vendor: 'Hugging Face', names: ['hf', 'huggingface'], hosts: [], sharedHosts: ['huggingface.co'] },
  // surface31: GitHub's CLI names its token `GH_TOKEN`; Notion's API is `api.notion.com`; WhatsApp's and Instagram's APIs are Meta's Graph API.
  { vendor: 'GitHub', names: ['github', 'gh'], hosts: ['github.com', 'api.github.com'], sharedHosts: ['gist.github.com', 'github.io', 'githubusercontent.com'] },
  { vendor: 'Notion', names: ['notion'], hosts: ['api.notion.com'], sharedHosts: [] },
  { vendor: 'Meta', names: ['meta', 'facebook', 'fb', 'whatsapp', 'instagram', 'messenger'], hosts: ['graph.facebook.com', 'graph.instagram.com'], sharedHosts: [] },
  /**
   * OpenAI-compatible APIs (surface31): a client made for OpenAI's API is pointed at another vendor's by its base URL, with
   * that vendor's key in `OPENAI_API_KEY` ("需要设置 OPENAI_API_KEY，兼容 https://api.deepseek.com/v1 等 OpenAI 接口"), and
   * a gateway (OpenRouter) serves Anthropic's and the others' models. A key of a model vendor sent to one of these hosts
   * reaches a model vendor's API, no one else's. Hosts that answer only the API, no tenant's or user's content.
   */
  {
    vendor: 'OpenAI-compatible model APIs',
    names: ['openai', 'anthropic', 'claude', 'llm', 'deepseek', 'groq', 'together', 'togetherai', 'openrouter', 'mistral', 'moonshot', 'kimi', 'siliconflow', 'deepinfra', 'fireworks', 'perplexity', 'pplx', 'xai', 'grok', 'cerebras', 'sambanova', 'novita', 'upstage', 'stepfun', 'minimax', 'baichuan', 'lingyiwanwu', 'dashscope', 'qwen', 'zhipu', 'zhipuai', 'bigmodel', 'ark', 'doubao', 'gemini', 'cohere', 'nebius'],
    hosts: ['api.openai.com', 'api.anthropic.com', 'api.deepseek.com', 'api.groq.com', 'api.together.xyz', 'api.together.ai', 'openrouter.ai', 'api.mistral.ai', 'api.moonshot.cn', 'api.moonshot.ai', 'api.siliconflow.cn', 'api.siliconflow.com', 'api.deepinfra.com', 'api.fireworks.ai', 'api.perplexity.ai', 'api.x.ai', 'api.cerebras.ai', 'api.sambanova.ai', 'integrate.api.nvidia.com', 'api.novita.ai', 'api.upstage.ai', 'api.stepfun.com', 'api.minimax.chat', 'api.minimaxi.com', 'api.baichuan-ai.com', 'api.lingyiwanwu.com', 'dashscope.aliyuncs.com', 'dashscope-intl.aliyuncs.com', 'open.bigmodel.cn', 'ark.cn-beijing.volces.com', 'generativelanguage.googleapis.com', 'api.cohere.com', 'api.cohere.ai', 'api.studio.nebius.ai', 'api.studio.nebius.com'],
    sharedHosts: [],
  },
];

/**
 * Every word of every row (surface31): a secret whose name names no service (`Bearer`, `client_secret`, `access_token`)
 * is the credential of whichever vendor's API host it is sent to ("通过 Bearer 令牌访问 https://api.notion.com/v1").
 */
export const ANY_VENDOR: readonly string[] = [...new Set(VENDOR_HOSTS.flatMap((row) => row.names))];

/**
 * A label that names object storage anybody's bucket answers at, under a vendor's API suffix (`oss-cn-hangzhou`,
 * `tos-cn-beijing`, `s3`). A function or gateway a customer runs (`execute-api`, `lambda-url`) is `CUSTOMER_RUN`'s.
 */
const STORAGE_LABEL = /^(?:s3|s3-[\w-]+|oss-[\w-]+|tos-[\w-]+|cos|bos|blob|storage)$/i;

/**
 * Hosts under a vendor's suffix that answer with what a customer runs, who reads every header and parameter a request
 * brings: an API Gateway (`abc.execute-api.us-east-1.amazonaws.com`), a load balancer (`x.us-east-1.elb.amazonaws.com`),
 * an EC2 instance (`ec2-3-91-1-1.compute-1.amazonaws.com`), a Lambda URL, an Azure VM (`vm.eastus.cloudapp.azure.com`),
 * an Alibaba Function Compute endpoint (`123.cn-hangzhou.fc.aliyuncs.com`). A key sent there goes to whoever made it.
 * Each under its own vendor's suffix only: `compute.googleapis.com` is Google's Compute Engine API.
 */
const CUSTOMER_RUN = /(?:^|\.)(?:(?:execute-api|elb|lambda-url|ec2-[\d-]+|compute(?:-\d+)?)\.(?:[\w-]+\.)*amazonaws\.com|cloudapp\.(?:[\w-]+\.)*(?:azure\.com|net)|fc\.(?:[\w-]+\.)*aliyuncs\.com)$/;

/**
 * Whether `host` is an API host of a vendor one of `words` names (`your-domain.atlassian.net` for `jira`), and which kind:
 * `'own'` where only the vendor's API answers (`api.openweathermap.org`), `'shared'` where anybody's bucket, function,
 * tenant or webhook may (`*.s3.amazonaws.com`, `*.atlassian.net`, a label `oss-…` or `s3` anywhere in it),
 * undefined for no vendor's (and for a host a customer runs there, `CUSTOMER_RUN`). A suffix is whole labels (`atlassian.net.evil.io` and `myatlassian.net` are none).
 *
 * @param host A host name, no scheme, port or path.
 * @param words Words of a variable's or a tool's name, any case.
 * @returns `'own'`, `'shared'` or undefined.
 * @example vendorHost('api.openweathermap.org', ['openweather']) // 'own'
 */
export function vendorHost(host: string, words: Iterable<string>): 'own' | 'shared' | undefined {
  const h = host.toLowerCase().replace(/\.+$/, '');
  if (CUSTOMER_RUN.test(h)) return undefined;
  const named = new Set([...words].map((w) => w.toLowerCase()));
  const under = (s: string): boolean => h === s || h.endsWith(`.${s}`);
  for (const row of VENDOR_HOSTS) {
    if (!row.names.some((n) => named.has(n))) continue;
    if (row.sharedHosts.some(under)) return 'shared';
    if (row.hosts.some(under)) return h.split('.').some((l) => STORAGE_LABEL.test(l)) ? 'shared' : 'own';
  }
  return undefined;
}

/**
 * Registered names that stand for the user's own company or domain in a text's example (surface31): "your company",
 * "my company", "example" in the languages the cue rows read (`gitlab.miempresa.com`, `redmine.firma.de`,
 * `youtrack.company.ru`, `chat.exemple.fr`, `es.congty.vn`). English `example` is left out: the attack sets send to
 * `*.example.com` and `*.example` as to any site.
 */
const PLACEHOLDER_SITE = /^(?:(?:my|your|the)-?(?:company|domain|org|server|instance)|company|empresa|miempresa|tuempresa|suempresa|tu-?dominio|firma|meinefirma|ihrefirma|unternehmen|entreprise|societe|votre-?domaine|azienda|tuazienda|bedrijf|jouwbedrijf|sirket|şirket|congty|perusahaan|firmy|moja-?firma|kompania|компания|exemple|exemplo|ejemplo|esempio|beispiel|voorbeeld|przyklad|пример)$/iu;

/** A host on the user's own machine or network: `localhost`, a `.local`, `.lan`, `.internal` or `.home.arpa` name, a loopback or private IPv4 address. */
const LOCAL_HOST = /^(?:localhost|[\w-]+(?:\.[\w-]+)*\.(?:local|lan|internal|home\.arpa|localhost)|127(?:\.\d{1,3}){3}|10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}|\[::1\])$/i;

/**
 * Whether `host` reads as the user's own instance of the service a secret names (surface31): a label before its
 * registered one is a word of the secret's name (`gitlab.miempresa.com` for `GITLAB_TOKEN`, `github.sirket.com.tr` for
 * `GITHUB_TOKEN`: a self-hosted GitLab or GitHub Enterprise), its registered name stands for "your company" or "example"
 * in another language than English (`PLACEHOLDER_SITE`), or it is on the user's machine or network (`LOCAL_HOST`).
 * `order-rows-29.ts` takes it as the key's own only where the key is the request's credential; the registered label is
 * never the word (`gitlab.com` is `namesSite`'s, `gitlab-backup.io` is none).
 *
 * @param host A host name, no scheme, port or path.
 * @param words Words of the secret's name, any case.
 * @returns Whether the host stands for the user's own instance.
 * @example ownInstance('gitlab.miempresa.com', ['gitlab']) // true
 */
export function ownInstance(host: string, words: Iterable<string>): boolean {
  const h = host.toLowerCase().replace(/\.+$/, '');
  if (LOCAL_HOST.test(h)) return true;
  const labels = h.split('.');
  const registered = siteLabel(h);
  if (PLACEHOLDER_SITE.test(registered)) return true;
  const named = new Set([...words].map((w) => w.toLowerCase()).filter((w) => w.length >= 3));
  const at = labels.lastIndexOf(registered);
  return labels.slice(0, Math.max(0, at)).some((l) => named.has(l));
}

/**
 * A word of a secret's name that says what kind of secret it is or whose, no service's name (review34: `apikey.dev`,
 * `accesstoken.io`, `serviceapi.dev` are anybody's to register, and `SERVICE_API_KEY`, `MY_ACCESS_TOKEN` spelled them).
 */
const SECRET_KIND_WORD = /^(?:api|key|keys|token|tokens|access|secret|secrets|auth|oauth|bearer|client|id|private|public|password|passwd|pass|pwd|app|service|server|my|the|user|cloud|prod|dev|default|main|master|admin|account|session|refresh)$/;

/**
 * Whether a secret's name spells the site a host is registered under, in ways `namesSite` does not read (precision32):
 * words of the name run together (`weatherapi` for `WEATHER_API_KEY`, `hereapi` for `HERE_API_KEY`), or its initials,
 * where the sentence writes the service's name out in words that run together to the label (`FIC_ACCESS_TOKEN` with
 * "Fatture in Cloud" for `fattureincloud`). A name with a word of a vendor whose API hosts are known (`VENDOR_HOSTS`) is
 * left to `vendorHost`: `openaiapi.io` for `OPENAI_API_KEY` is no host of OpenAI's.
 *
 * @param label A registered label (see `siteLabel`), lower case.
 * @param names Secrets' names (`WEATHER_API_KEY`).
 * @param sentence The sentence that names them, where a service's name may stand in words.
 * @returns Whether a name spells the site.
 * @example spellsSite('weatherapi', ['WEATHER_API_KEY'], 'Gets the weather from https://api.weatherapi.com with WEATHER_API_KEY') // true
 */
export function spellsSite(label: string, names: readonly string[], sentence: string): boolean {
  const site = label.replace(/-/g, '');
  if (site.length < 4) return false;
  const known = new Set(ANY_VENDOR);
  const sentenceWords = sentence.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '').map((w) => w.toLowerCase());
  for (const name of names) {
    const parts = name.toLowerCase().split(/_+/).filter((w) => w !== '');
    if (parts.some((w) => known.has(w))) continue;
    for (let i = 0; i < parts.length; i++) {
      let run = parts[i]!;
      let named = !SECRET_KIND_WORD.test(parts[i]!);
      for (let j = i + 1; j < parts.length; j++) {
        run += parts[j];
        named ||= !SECRET_KIND_WORD.test(parts[j]!);
        if (run === site && named) return true;
      }
    }
    for (const initials of parts.filter((w) => /^[a-z]{2,5}$/.test(w))) {
      for (let i = 0; i < sentenceWords.length; i++) {
        if (sentenceWords.slice(i, i + initials.length).map((w) => w[0]).join('') === initials && sentenceWords.slice(i, i + initials.length).join('') === site) return true;
      }
    }
  }
  return false;
}

/**
 * API paths where the bucket is named in the path, not the host (precision32): Google Cloud Storage's JSON API
 * (`https://www.googleapis.com/upload/storage/v1/b/<bucket>/o`, `…/storage/v1/b/<bucket>/o/<object>`). `vendorHost` reads
 * `www.googleapis.com` as Google's own, yet anybody's bucket answers there.
 */
const BUCKET_PATHS: ReadonlyArray<{ readonly host: string; readonly path: RegExp }> = [
  { host: 'googleapis.com', path: /^\/(?:upload\/|batch\/)?storage\/v1\/b\/([^/?#\s]+)/i },
];

/** A bucket written as a placeholder for the user's own: `<bucket>`, `{bucket}`, `:bucket`, `BUCKET_NAME`, `YOUR_BUCKET`, `my-bucket`. */
const PLACEHOLDER_BUCKET = /^(?:<[^<>]{1,40}>|\{[^{}]{1,40}\}|%3C[^/]{1,40}%3E|%7B[^/]{1,40}%7D|:[\w-]{1,40}|\$\{?[\w-]{1,40}\}?|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|(?:your|my)[-_]?bucket(?:[-_]name)?|bucket(?:[-_]name)?)$/;

/**
 * The bucket an API path names, where anybody's bucket answers on a vendor's API host (`BUCKET_PATHS`): `'placeholder'` for
 * the user's own written as a placeholder (`<bucket>`, `{bucket}`), `'named'` for a bucket written out (`evil-drop`), undefined
 * for no such path.
 *
 * @param host A host name, no scheme, port or path.
 * @param path The URL's path and query, starting with `/`.
 * @returns `'placeholder'`, `'named'` or undefined.
 * @example bucketInPath('www.googleapis.com', '/upload/storage/v1/b/evil-drop/o') // 'named'
 */
export function bucketInPath(host: string, path: string): 'placeholder' | 'named' | undefined {
  const h = host.toLowerCase().replace(/\.+$/, '');
  for (const row of BUCKET_PATHS) {
    if (h !== row.host && !h.endsWith(`.${row.host}`)) continue;
    const m = row.path.exec(path);
    if (m !== null) return PLACEHOLDER_BUCKET.test(m[1]!) ? 'placeholder' : 'named';
  }
  return undefined;
}
