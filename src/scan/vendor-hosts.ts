/**
 * Vendors whose APIs answer at hosts that do not spell the name their keys and products go by (surface30): Jira's API is
 * `your-domain.atlassian.net`, OpenWeather's `api.openweathermap.org`, Google's `*.googleapis.com`, AWS's
 * `*.amazonaws.com`, WeChat's `api.weixin.qq.com`, Feishu's `open.larksuite.com`. `JIRA_API_TOKEN` sent with a request to
 * `atlassian.net` goes to its own service, as `GITHUB_TOKEN` to `api.github.com` does (`namesSite`). One row a vendor:
 * the words a variable or a tool name calls it by, and the host suffixes of its APIs. Only hosts that answer the
 * vendor's API; a row is read only where a text sends the key as the credential of the request (see
 * `order-rows-29.ts`), since some of these suffixes also serve what anybody uploads (a bucket, a function).
 *
 * @module
 */

/** A vendor: the words that name it in a variable or a tool name (`jira` in `JIRA_API_TOKEN`), and its APIs' host suffixes. */
export interface VendorHosts {
  readonly vendor: string;
  readonly names: readonly string[];
  readonly hosts: readonly string[];
}

/** The rows, one a vendor. */
export const VENDOR_HOSTS: readonly VendorHosts[] = [
  { vendor: 'Atlassian', names: ['atlassian', 'jira', 'confluence', 'opsgenie', 'statuspage'], hosts: ['atlassian.net', 'atlassian.com', 'jira.com'] },
  { vendor: 'OpenWeather', names: ['openweather', 'openweathermap', 'owm'], hosts: ['openweathermap.org'] },
  { vendor: 'Google', names: ['google', 'gcp', 'gcloud', 'gemini', 'youtube', 'gmail', 'vertex'], hosts: ['googleapis.com', 'google.com'] },
  { vendor: 'Amazon Web Services', names: ['aws', 'amazon', 'bedrock'], hosts: ['amazonaws.com', 'amazon.com'] },
  { vendor: 'Microsoft Azure', names: ['azure', 'microsoft', 'msgraph', 'bing'], hosts: ['microsoft.com', 'microsofttranslator.com', 'microsoftonline.com', 'azure.com', 'azure.net', 'windows.net'] },
  { vendor: 'Feishu / Lark', names: ['feishu', 'lark', 'larksuite'], hosts: ['feishu.cn', 'larksuite.com', 'larkoffice.com'] },
  { vendor: 'WeChat', names: ['wechat', 'weixin', 'wx', 'wecom', 'wxwork'], hosts: ['weixin.qq.com', 'wechat.com'] },
  { vendor: 'DingTalk', names: ['dingtalk', 'dingding'], hosts: ['dingtalk.com'] },
  { vendor: 'Baidu', names: ['baidu', 'qianfan', 'ernie', 'wenxin', 'bce'], hosts: ['baidubce.com', 'baidu.com'] },
  { vendor: 'Alibaba Cloud', names: ['aliyun', 'alibaba', 'alibabacloud', 'alicloud', 'dashscope', 'qwen'], hosts: ['aliyuncs.com', 'aliyun.com', 'alibabacloud.com'] },
  { vendor: 'Tencent Cloud', names: ['tencent', 'tencentcloud', 'qcloud', 'hunyuan'], hosts: ['tencentcloudapi.com', 'tencentcloud.com', 'cloud.tencent.com'] },
  { vendor: 'Volcengine', names: ['volcengine', 'volc', 'doubao', 'ark'], hosts: ['volces.com', 'volcengineapi.com'] },
  { vendor: 'Zhipu', names: ['zhipu', 'zhipuai', 'glm', 'bigmodel'], hosts: ['bigmodel.cn'] },
  { vendor: 'Hugging Face', names: ['hf', 'huggingface'], hosts: ['huggingface.co'] },
];

/**
 * Whether `host` is an API host of a vendor one of `words` names (`your-domain.atlassian.net` for `jira`): the host is
 * a listed suffix or ends with a dot and one (`api.weixin.qq.com`; `atlassian.net.evil.io` and `myatlassian.net` are not).
 *
 * @param host A host name, no scheme, port or path.
 * @param words Words of a variable's or a tool's name, any case.
 * @returns Whether a vendor named by a word answers at the host.
 * @example vendorHost('api.openweathermap.org', ['openweather']) // true
 */
export function vendorHost(host: string, words: Iterable<string>): boolean {
  const h = host.toLowerCase().replace(/\.+$/, '');
  const named = new Set([...words].map((w) => w.toLowerCase()));
  for (const row of VENDOR_HOSTS) {
    if (!row.names.some((n) => named.has(n))) continue;
    if (row.hosts.some((s) => h === s || h.endsWith(`.${s}`))) return true;
  }
  return false;
}
