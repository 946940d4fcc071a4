// The worked examples of the authentication guide: known digests, the clients' own sign functions
// (an independent implementation) agreeing, and the built page showing the computed values.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pushSign as clientPushSign } from '@pushapi/push-v1-client';
import { dmpSigns as clientDmpSigns } from '@pushapi/dmp-client';
import { pushSign, dmpSigns, pushExampleInput, dmpExampleInput, workedExampleValues } from '../src/signs.mjs';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'site');

describe('sign computations', () => {
  it('push: sha256 of appkey + timestamp + mastersecret, lowercase hex', () => {
    // sha256("abc"), split across the three inputs.
    expect(pushSign({ appkey: 'a', timestamp: 'b', masterSecret: 'c' })).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(pushSign({ appkey: 'a', timestamp: 'c', masterSecret: 'b' })).not.toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('dmp: sign1 and sign2 nest MD5 of the timestamp text', () => {
    // md5("") and md5("a" + md5("")) computed by hand with md5sum.
    const { timestampMd5, sign1, sign2 } = dmpSigns({ userCode: 'a', authCode: 'b', timestamp: '' });
    expect(timestampMd5).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(sign1).toBe('df85d97ac1e1cb305dd15f13a8bb1ac9');
    expect(sign2).not.toBe(sign1);
  });

  it('agrees with the clients on the worked examples', async () => {
    const { appkey, timestamp, masterSecret } = pushExampleInput;
    await expect(clientPushSign(appkey, timestamp, masterSecret)).resolves.toBe(pushSign(pushExampleInput));
    const ours = dmpSigns(dmpExampleInput);
    const theirs = clientDmpSigns(
      dmpExampleInput.userCode,
      dmpExampleInput.authCode,
      String(dmpExampleInput.timestamp),
    );
    expect(theirs).toEqual({ sign1: ours.sign1, sign2: ours.sign2 });
  });

  it('uses placeholder secrets only', () => {
    expect(pushExampleInput.masterSecret).toMatch(/^EXAMPLE_/);
    expect(dmpExampleInput.authCode).toMatch(/^EXAMPLE_/);
  });

  it('the built authentication page shows the computed values', () => {
    const html = fs.readFileSync(path.join(siteDir, 'authentication.html'), 'utf8');
    const values = workedExampleValues();
    for (const key of ['push-v1.sign', 'push-v1.signInput', 'dmp.timestampMd5', 'dmp.sign1', 'dmp.sign2']) {
      expect(html, key).toContain(values[key]);
    }
  });
});
