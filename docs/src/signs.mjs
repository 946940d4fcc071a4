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
