/**
 * Credential shapes (src/sources/credential-shapes.ts): well-known token formats are hidden in a
 * server's stderr tail wherever they appear, found in its environment whatever the variable is
 * called; ordinary stderr (stack traces, paths, UUIDs, digests, short base64) is left alone.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { CREDENTIAL_SHAPES, credentialsIn, redactCredentials, redactPrivateKeyBlocks } from '../../src/sources/credential-shapes.ts';
import { commandLineSecrets, environmentSecrets, givenValueSecrets, hideCutValues, hideValues, messageRedactor, redactLogLine, requestSecrets, serverSecrets } from '../../src/sources/redact-command.ts';

// Made-up values of each shape (never real credentials); the id each must be found by.
const MIXED = 'A1b2C3d4E5f6';
const SAMPLES: Record<string, string[]> = {
  'credential.github-token': [`ghp_${MIXED.repeat(3)}`, `gho_${MIXED.repeat(3)}`, `ghs_${MIXED.repeat(3)}`, `ghu_${MIXED.repeat(3)}`],
  'credential.github-fine-grained-pat': [`github_pat_11AAAAAAA0${MIXED}_${MIXED.repeat(5)}Ab1`],
  'credential.slack-token': ['xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx', 'xoxp-1234567890-abcdefghij'],
  'credential.aws-access-key-id': ['AKIAIOSFODNN7EXAMPLE', 'ASIAQ3EXAMPLEQ3EXAMP'],
  'credential.stripe-live-key': [`sk_live_${MIXED.repeat(2)}`, `rk_live_${MIXED.repeat(2)}`],
  'credential.anthropic-api-key': [`sk-ant-api03-${'A1b2C3d4E5f6_-'.repeat(6)}AA`],
  'credential.openai-api-key': [`sk-${MIXED.repeat(4)}`, `sk-proj-${MIXED.repeat(3)}_x-${MIXED}`],
  'credential.google-api-key': [`AIza${'SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r'.slice(0, 35)}`],
  'credential.jwt': ['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
  'credential.npm-token': [`npm_${MIXED.repeat(3)}`],
  'credential.gitlab-pat': ['glpat-A1b2C3d4E5f6G7h8I9j0'],
};

test('the registry: ids unique, kebab-case under credential., each documented in docs/sources.md, each with samples here', () => {
  const ids = CREDENTIAL_SHAPES.map((s) => s.id);
  assert.is(new Set(ids).size, ids.length);
  const docs = readFileSync(new URL('../../docs/sources.md', import.meta.url), 'utf8');
  for (const id of ids) {
    assert.match(id, /^credential\.[a-z0-9]+(?:-[a-z0-9]+)*$/);
    assert.ok(docs.includes(`| \`${id}\` |`), `docs/sources.md lacks ${id}`);
    assert.ok(id === 'credential.private-key-pem' || Object.hasOwn(SAMPLES, id), `no sample for ${id}`);
  }
  for (const id of Object.keys(SAMPLES)) assert.ok(ids.includes(id), id);
});

test('each shape is hidden wherever it stands in a line, and found in a value by the row that describes it', () => {
  for (const [id, values] of Object.entries(SAMPLES)) {
    for (const v of values) {
      for (const [line, shown] of [
        [v, '***'],
        [`auth failed for ${v}`, 'auth failed for ***'],
        [`{"key":"${v}","ok":false}`, '{"key":"***","ok":false}'],
        [`Authorization=${v}; retrying`, 'Authorization=***; retrying'],
      ] as const) assert.is(redactCredentials(line), shown, `${id}: ${line}`);
      assert.equal(credentialsIn(`prefix ${v} suffix`), [v], `${id}: ${v}`);
      const row = CREDENTIAL_SHAPES.find((s) => s.id === id)!;
      assert.ok(new RegExp(row.pattern.source, row.pattern.flags.replace('g', '')).test(v), `${id} does not describe ${v}`);
    }
  }
});

test('a PEM private key: its body is hidden on one line (escaped newlines) and across lines, from either end of the tail', () => {
  assert.is(
    redactCredentials('key: "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----" rejected'),
    'key: "-----BEGIN PRIVATE KEY-----***-----END PRIVATE KEY-----" rejected',
  );
  const block = ['loading key', '-----BEGIN RSA PRIVATE KEY-----', 'MIIEpAIBAAKCAQEA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v2W3x4Y5z6', 'A1b2C3d4E5f6G7h8I9j0K1l2==', '-----END RSA PRIVATE KEY-----', 'done'];
  assert.equal(redactPrivateKeyBlocks(block), ['loading key', '-----BEGIN RSA PRIVATE KEY-----', '***', '***', '-----END RSA PRIVATE KEY-----', 'done']);
  // The tail began inside the block: up to its end marker; or ends inside it: to the last line.
  assert.equal(redactPrivateKeyBlocks(block.slice(3)), ['***', '-----END RSA PRIVATE KEY-----', 'done']);
  assert.equal(redactPrivateKeyBlocks(block.slice(0, 4)), ['loading key', '-----BEGIN RSA PRIVATE KEY-----', '***', '***']);
  assert.equal(redactPrivateKeyBlocks(['-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEAAAAA', 'x']), ['-----BEGIN OPENSSH PRIVATE KEY-----***', '***']);
  // A public key or a certificate is no secret.
  const cert = ['-----BEGIN CERTIFICATE-----', 'MIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ', '-----END CERTIFICATE-----'];
  assert.equal(redactPrivateKeyBlocks(cert), cert);
  // In an environment value, the body lines are the secrets (a tail line shows one at a time).
  assert.equal(credentialsIn(block.join('\n')), ['MIIEpAIBAAKCAQEA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v2W3x4Y5z6', 'A1b2C3d4E5f6G7h8I9j0K1l2==']);
});

test('ordinary stderr is left alone: stack traces, paths, UUIDs, hex digests, short base64, prefixes in prose, lower-case names', () => {
  const lines = [
    'Error: connect ECONNREFUSED 127.0.0.1:5432',
    '    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)',
    '    at Object.<anonymous> (/home/runner/work/app/node_modules/@scope/sk-tools/dist/index.js:12:34)',
    '  File "/usr/lib/python3.12/site-packages/mcp/server/stdio.py", line 42, in stdio_server',
    'panic: runtime error: index out of range [3] with length 3 goroutine 1 [running]: main.main() /src/app/main.go:17 +0x1d',
    'request 123e4567-e89b-12d3-a456-426614174000 failed after 3 retries',
    'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    'commit 9f26305d1e4c0b8a7f6e5d4c3b2a1f0e9d8c7b6a (HEAD -> main)',
    'payload aGVsbG8gd29ybGQ= and eyJhIjoxfQ== decoded; QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=',
    'using task-runner, risk-assessment-engine-for-large-portfolios and desk-booking-service-v2',
    'sk-learn-compatible-estimator-interface-module-loaded-ok and pod sk-worker-7d9f8b6c5d-x2x4z-a1b2c3d4e5f6',
    'timezone Asia/Tokyo, region ASIA_PACIFIC_SOUTHEAST, key AKIA (truncated), ASIAN_MARKETS_OPEN',
    'npm_config_cache=/home/runner/.npm npm_lifecycle_event=start npm_package_name=my-server',
    'GET https://api.example.com/v1/items?page=2&per_page=50 200 OK',
    '[2026-12-04T18:22:37.123Z] INFO listening on stdio (pid 4242, node v20.20.2)',
    "ghp_ is the prefix of GitHub tokens, xoxb- Slack's, sk_live_ Stripe's, glpat- GitLab's, npm_ npm's",
    'id AbCdEfGhIjKlMnOpQrStUvWxYz0123456789 is not a token without a known prefix',
    'the header starts eyJ, the payload eyJ too: see RFC 7519',
    '-----BEGIN PUBLIC KEY----- MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA -----END PUBLIC KEY-----',
  ];
  for (const line of lines) {
    assert.is(redactCredentials(line), line, line);
    assert.equal(credentialsIn(line), [], line);
    assert.is(redactLogLine(line, []), line, line);
  }
  assert.equal(redactPrivateKeyBlocks(lines), lines);
});

test('environment values of these shapes are secrets whatever the variable is called; so are the tokens a command line holds', () => {
  const gh = `ghp_${MIXED.repeat(3)}`;
  const stripe = `sk_live_${MIXED.repeat(2)}`;
  assert.equal(environmentSecrets({ STRIPE: stripe, GH: `token ${gh}`, HOME: '/home/u', NODE_ENV: 'production' }), [stripe, gh].sort((a, b) => b.length - a.length));
  assert.equal(serverSecrets(`node s.js ${gh}`, {}), [gh]);
  assert.is(redactLogLine(`retrying with ${gh}x`, serverSecrets(`node s.js ${gh}`, {})), 'retrying with ***x');
  // A tail line hides a token of a known shape that is in no variable and no argument.
  assert.is(redactLogLine('slack xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOp refused', []), 'slack *** refused');
});

test('a URL password, a secret query value and Bearer credentials in any variable are secrets; so is a token-like value given with --server-env, whatever its name, and a value of a variable whose name ends in password or token', () => {
  assert.equal(environmentSecrets({ DATABASE_URL: 'postgresql://app:db-pass-9876@db/app', HOOK: 'https://h.example/x?sig=abc123def', AUTHZ_HDR: 'Bearer tok-0123456789' }), ['tok-0123456789', 'db-pass-9876', 'abc123def']);
  assert.equal(environmentSecrets({ PGPASSWORD: 'correcthorse', GHTOKEN: 'abcdefgh12', MONKEY: 'banana-bread', KEYBOARD: 'us-intl-2024' }), ['correcthorse', 'abcdefgh12']);
  const given = { SERVICE_CRED: 'pg-given-5555', MODE: 'readwrite', PORT: '30000000', DAY: '2026-12-05', BANNER: 'Server v2 on stdio', DIR: '/srv/data/v2', BASE_URL: 'https://api.example.com/v1' };
  assert.equal(serverSecrets('node s.js', {}, given), ['pg-given-5555']);
  assert.equal(givenValueSecrets('https://u:pw-77@h.example/'), ['https://u:pw-77@h.example/']);
  assert.equal(givenValueSecrets('https://h.example/?key=abc123'), ['https://h.example/?key=abc123']);
});

test('an HTTP source hides each header value and its credentials, the URL\'s user info and secret query values (as written and decoded) and the proxy\'s user info', () => {
  const secrets = requestSecrets(new URL('http://alice:pw%2Fsecret@h.example/mcp?api_key=q%20secret&x=1'), { Authorization: 'Bearer tok-123456', 'X-Key': ' k-777 ' }, new URL('http://puser:ppass-42@proxy:3128'));
  assert.equal(secrets, ['Bearer tok-123456', 'pw%2Fsecret', 'q%20secret', 'tok-123456', 'pw/secret', 'ppass-42', 'q secret', 'alice', 'k-777', 'puser']);
  assert.is(messageRedactor(secrets)('refused Bearer tok-123456 for alice (q secret) x=1'), 'refused *** for *** (***) x=1');
});

/**
 * Query parts an HTTP source hides (named like a secret whatever the value, or with a token's
 * look whatever the name: mixed letters and digits, a UUID, base64, a JWT, a known shape, a run
 * of random letters, a long number, a passphrase of 4 words) and the plain ones it shows.
 */
const HIDDEN_QUERY = [
  'api_key=abcd', 'access_token=ya29.a0AfH6SMB', 'token=xyz12345', 'key=json', 'sig=2Fabc%3D', 'authToken=plain', 'SID=abcdef',
  'X-Amz-Signature=fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024',
  'X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request', 'X-Goog-Signature=abcdef0123',
  'sessionId=abcdefgh', 'code=4%2F0AX4XfWh', 'password=hunter2', 'client_secret=topsecret', 'jwt=abc.def.ghi', 'otp=482913',
  'pin=4829', 'ticket=ST-1234-abcdef', 'hmac=deadbeef', 'u=x7Gk29LmQp', 'id=550e8400-e29b-41d4-a716-446655440000',
  't=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc', 'sk-proj-abcDEF1234567890123456789012345',
  'q=correct-horse-battery-staple', 's=qwhzkxprvmtbnl', 'n=12345678901234', 'id=AKIAIOSFODNN7EXAMPLE', 'd=aGVsbG8gd29ybGQ%3D',
];
const SHOWN_QUERY = [
  'format=json', 'version=2024', 'lang=en-US', 'sort=created_at', 'q=hello%20world', 'q=hello+world', 'page=2', 'date=2024-06-18',
  'v=1.2.3', 'mode=readonly', 'path=%2Fdocs%2Freadme', 'order=DESC', 'region=us-east', 'include=tools,prompts', 'keyboard=us',
  'limit=100', 'stream=true', 'transport=streamable', 'tz=Europe%2FParis',
];

test('an HTTP source hides a query value named like a secret or with a token\'s look, and shows a plain one (?format=json, ?version=2024)', () => {
  for (const q of HIDDEN_QUERY) {
    const url = `http://h.example/mcp?${q}`;
    const value = q.includes('=') ? q.slice(q.indexOf('=') + 1) : q;
    assert.is(messageRedactor(requestSecrets(new URL(url), {}))(`refused ${url}`), `refused ${url.slice(0, url.length - value.length)}***`, q);
  }
  for (const q of SHOWN_QUERY) assert.equal(requestSecrets(new URL(`http://h.example/mcp?${q}`), {}), [], q);
  const url = 'http://h.example/mcp?format=json&api_key=abcd1234&version=2024';
  assert.is(messageRedactor(requestSecrets(new URL(url), {}))(`refused ${url}`), 'refused http://h.example/mcp?format=json&api_key=***&version=2024');
  // Every header given is hidden, whatever its name: the user passed it.
  assert.equal(requestSecrets(new URL('http://h.example/mcp'), { 'X-Mode': 'readonly' }), ['readonly']);
});

test('one rule for how short a hidden value may be, in messages and in the stderr tail alike: 4 characters anywhere, 3 as a word of its own, 1 or 2 only where a flag or scheme says it is a secret', () => {
  const secrets = commandLineSecrets('node s.js --token abc --pin 42 --api-key=swordfish');
  const hide = messageRedactor(secrets);
  // 3 characters: the value standing alone is hidden, the same letters inside a word are not.
  for (const redact of [hide, (t: string) => redactLogLine(t, secrets)]) {
    assert.is(redact('refused abc, key swordfish'), 'refused ***, key ***');
    assert.is(redact('see abcdef and /x/abc1'), 'see abcdef and /x/abc1');
  }
  // 1 or 2 characters are never hidden by value ("exit code 42" stays) ...
  assert.is(hide('exit code 42'), 'exit code 42');
  assert.is(redactLogLine('exit code 42', ['42']), 'exit code 42');
  // ... only after a secret-named flag in the tail.
  assert.is(redactLogLine('bad --token 42', ['42']), 'bad --token ***');
});

/**
 * [text, values, shown]: a value shorter than 8 characters is hidden only where no letter or digit
 * touches it, so a short hex secret (`--token=f765`, `Bearer abc1`) leaves digests, fingerprints
 * and other hex runs whole; as a word of its own it is hidden, also after an escape a message
 * writes (`\n`, `\u0009`, `%20`); 8 characters or more are hidden wherever they appear.
 */
const SHORT_VALUE_VECTORS: [string, string[], string][] = [
  ['behavior  a46773315aa70f5c3710065f765dc23ca056af5c19d3ac85e7cc27ac17b85ded', ['f765'], 'behavior  a46773315aa70f5c3710065f765dc23ca056af5c19d3ac85e7cc27ac17b85ded'],
  ['"digest": "sha256:beef0123456789abcdef0123456789abcdef0123456789abcdef0123456789ab"', ['beef'], '"digest": "sha256:beef0123456789abcdef0123456789abcdef0123456789abcdef0123456789ab"'],
  ['fingerprint 0123456789abc1ef0123456789abcdef', ['abc1'], 'fingerprint 0123456789abc1ef0123456789abcdef'],
  ['commit 1a2b3c4d5e6f', ['3c4d5e'], 'commit 1a2b3c4d5e6f'],
  ['Fails (given --api-key=beef API_TOKEN=abc1)', ['beef', 'abc1'], 'Fails (given --api-key=*** API_TOKEN=***)'],
  ['Bearer abc1 refused; "abc1"; key:abc1.', ['abc1'], 'Bearer *** refused; "***"; key:***.'],
  ['data: "line\\nabc1\\tbeef" and \\u0009f765 and %20dead', ['abc1', 'beef', 'f765', 'dead'], 'data: "line\\n***\\t***" and \\u0009*** and %20***'],
  ['TOKEN_abc1 and abc1-x', ['abc1'], 'TOKEN_*** and ***-x'],
  ['sha256:a467733158aa70f5deadbeef0', ['deadbeef'], 'sha256:a467733158aa70f5***0'],
];

test('a value shorter than 8 characters is hidden as a word of its own only: digests and other hex runs stay whole', () => {
  for (const [text, values, shown] of SHORT_VALUE_VECTORS) {
    assert.is(hideValues(text, values), shown, text);
    assert.is(messageRedactor(values)(text), shown, text);
  }
  // A cut that leaves part of a short value next to the mark: hidden as a word, not inside a hex run.
  assert.is(hideCutValues('given abc12…', ['abc123']), 'given ***…');
  assert.is(hideCutValues('digest 5aa70f5c3710abc12…', ['abc123']), 'digest 5aa70f5c3710abc12…');
});

test('overlapping secrets are hidden whole, and the cost grows with the text, not with the number of secrets times the text', () => {
  // A shorter value that starts before a longer one does not leave the longer one's rest shown.
  assert.is(hideValues('x zzabcXYZ1234 y', ['zzab', 'abcXYZ1234']), 'x *** y');
  assert.is(hideValues('a tok-1tok-1 b tok-1', ['tok-1']), 'a *** b ***');
  assert.is(hideValues('no secret here', []), 'no secret here');
  const many = Array.from({ length: 2000 }, (_, i) => `secret-value-${i}`);
  const text = `${'lorem ipsum '.repeat(2000)}secret-value-1999 and secret-value-7`;
  assert.is(hideValues(text, many).endsWith('*** and ***'), true);
});

/** [text, values, shown]: the part of a value a cut left next to its mark is hidden; 3 characters or fewer, and text that is no part of one, stay. */
const CUT_VECTORS: [string, string[], string][] = [
  ['refused (data: "xx env-token…")', ['env-token-abcdef12'], 'refused (data: "xx ***…")'],
  ['"…n-abcdef12 (given" → "x"', ['env-token-abcdef12'], '"…*** (given" → "x"'],
  ['"…oken-abc…"', ['env-token-abcdef12'], '"…***…"'],
  ['key=env…', ['env-token-abcdef12'], 'key=env…'],
  ['(given API_TOKEN=env-token-abcdef12 and more)…(40 characters left out)…-abcdef12 end', ['env-token-abcdef12'], '(given API_TOKEN=*** and more)…(40 characters left out)…*** end'],
  ['Usage: mcp … done', ['env-token-abcdef12'], 'Usage: mcp … done'],
  ['see … token', ['env-token-abcdef12'], 'see … token'],
  ['whole env-token-abcdef12 here', ['env-token-abcdef12'], 'whole *** here'],
];

test('a value cut short by a message is hidden where the cut left 4 characters or more of it, before or after the mark', () => {
  for (const [text, values, shown] of CUT_VECTORS) assert.is(hideCutValues(text, values), shown, text);
  // Inside a JSON string a message quotes: the escaped form is hidden too, and its cut part.
  const hide = messageRedactor(['pa"ss\\word-99']);
  assert.is(hide(`refused ${JSON.stringify('pa"ss\\word-99')}`), 'refused "***"');
  assert.is(hide('refused "pa\\"ss\\\\wo…"'), 'refused "***…"');
});

test.run();
