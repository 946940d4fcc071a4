// The sign computations of both services, computed with node:crypto at build time so that the
// worked examples in the authentication guide are correct by construction. Only placeholder
// secrets are ever passed in here.
import { createHash } from 'node:crypto';

const hex = (algorithm, text) => createHash(algorithm).update(text, 'utf8').digest('hex');

/** Push v1 auth_sign: sign = sha256(appkey + timestamp + mastersecret), lowercase hex. */
export function pushSign({ appkey, timestamp, masterSecret }) {
  return hex('sha256', `${appkey}${timestamp}${masterSecret}`);
}

/** DMP /accesser/auth: sign1 = MD5(user_code + MD5(timestamp)), sign2 = MD5(user_code + auth_code + MD5(timestamp)). */
export function dmpSigns({ userCode, authCode, timestamp }) {
  const timestampMd5 = hex('md5', String(timestamp));
  return {
    timestampMd5,
    sign1: hex('md5', `${userCode}${timestampMd5}`),
    sign2: hex('md5', `${userCode}${authCode}${timestampMd5}`),
  };
}

// Placeholder inputs of the worked examples: obviously not real credentials.
export const pushExampleInput = {
  appkey: 'EXAMPLE_APP_KEY',
  timestamp: '1700000000000',
  masterSecret: 'EXAMPLE_MASTER_SECRET',
};

export const dmpExampleInput = {
  userCode: 'EXAMPLE_USER_CODE',
  authCode: 'EXAMPLE_AUTH_CODE',
  timestamp: 1700000000000,
};

/** Values the authentication guide substitutes into its text. */
export function workedExampleValues() {
  const dmp = dmpSigns(dmpExampleInput);
  return {
    'push-v1.appkey': pushExampleInput.appkey,
    'push-v1.timestamp': pushExampleInput.timestamp,
    'push-v1.masterSecret': pushExampleInput.masterSecret,
    'push-v1.signInput': `${pushExampleInput.appkey}${pushExampleInput.timestamp}${pushExampleInput.masterSecret}`,
    'push-v1.sign': pushSign(pushExampleInput),
    'dmp.userCode': dmpExampleInput.userCode,
    'dmp.authCode': dmpExampleInput.authCode,
    'dmp.timestamp': String(dmpExampleInput.timestamp),
    'dmp.timestampMd5': dmp.timestampMd5,
    'dmp.sign1': dmp.sign1,
    'dmp.sign2': dmp.sign2,
  };
}

const fence = (language, text) => `\`\`\`${language}\n${text}\n\`\`\``;

/** The authentication guide's worked examples as Markdown (tables and code blocks), keyed by fragment name. */
export function workedExampleFragments() {
  const v = workedExampleValues();
  return {
    'push-v1.inputTable': [
      '| Input | Value |',
      '|---|---|',
      `| appkey | \`${v['push-v1.appkey']}\` |`,
      `| timestamp | \`${v['push-v1.timestamp']}\` |`,
      `| mastersecret | \`${v['push-v1.masterSecret']}\` |`,
    ].join('\n'),
    'push-v1.signInputBlock': fence('text', v['push-v1.signInput']),
    'push-v1.signBlock': fence('text', v['push-v1.sign']),
    'push-v1.signRequest': fence(
      'sh',
      [
        'curl -X POST "${BASE_URL}/v1/${APPID}/auth_sign" \\',
        "  -H 'Content-Type: application/json' \\",
        "  --data '{",
        `  "sign": "${v['push-v1.sign']}",`,
        `  "timestamp": "${v['push-v1.timestamp']}",`,
        `  "appkey": "${v['push-v1.appkey']}"`,
        "}'",
      ].join('\n'),
    ),
    'push-v1.signCheck': fence('sh', `printf '%s' '${v['push-v1.signInput']}' | sha256sum`),
    'dmp.inputTable': [
      '| Input | Value |',
      '|---|---|',
      `| user_code | \`${v['dmp.userCode']}\` |`,
      `| auth_code | \`${v['dmp.authCode']}\` |`,
      `| timestamp | \`${v['dmp.timestamp']}\` |`,
    ].join('\n'),
    'dmp.stepTable': [
      '| Step | Value |',
      '|---|---|',
      `| \`MD5(timestamp)\` | \`${v['dmp.timestampMd5']}\` |`,
      `| \`sign1 = MD5(user_code + MD5(timestamp))\` | \`${v['dmp.sign1']}\` |`,
      `| \`sign2 = MD5(user_code + auth_code + MD5(timestamp))\` | \`${v['dmp.sign2']}\` |`,
    ].join('\n'),
    'dmp.tokenRequest': fence(
      'sh',
      [
        'curl --get "${DMP_URL}/accesser/auth" \\',
        `  --data-urlencode 'user_code=${v['dmp.userCode']}' \\`,
        `  --data-urlencode 'sign1=${v['dmp.sign1']}' \\`,
        `  --data-urlencode 'sign2=${v['dmp.sign2']}' \\`,
        `  --data-urlencode 'timestamp=${v['dmp.timestamp']}' \\`,
        "  -H 'Accept: application/vnd.dmp.v1+json'",
      ].join('\n'),
    ),
    'dmp.signCheck': fence(
      'sh',
      [
        `t=$(printf '%s' '${v['dmp.timestamp']}' | md5sum | cut -d' ' -f1)`,
        '# sign1',
        `printf '%s' "${v['dmp.userCode']}$t" | md5sum`,
        '# sign2',
        `printf '%s' "${v['dmp.userCode']}${v['dmp.authCode']}$t" | md5sum`,
      ].join('\n'),
    ),
  };
}
