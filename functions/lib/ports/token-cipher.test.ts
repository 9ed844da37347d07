import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { kmsTokenCipher, localTokenCipher, TokenDecryptError } from './token-cipher.ts';

const token = 'access-sandbox-5f1c2c8e-1234-4cde-9abc-0123456789ab';
const context = { item_id: 'item-1', user_id: 'user-1' };

describe('local token cipher (AES-256-GCM)', () => {
  const cipher = localTokenCipher(randomBytes(32));

  it('round-trips and never stores the token in clear', async () => {
    const sealed = await cipher.encrypt(token, context);
    expect(sealed).not.toContain('access-sandbox');
    expect(sealed.startsWith('v1.local.')).toBe(true);
    expect(await cipher.decrypt(sealed, context)).toBe(token);
  });

  it('uses a fresh IV each time', async () => {
    expect(await cipher.encrypt(token, context)).not.toBe(await cipher.encrypt(token, context));
  });

  it('refuses a tampered ciphertext, another context, and another key', async () => {
    const sealed = await cipher.encrypt(token, context);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const tampered = [...parts.slice(0, 4), body.toString('base64url')].join('.');

    await expect(cipher.decrypt(tampered, context)).rejects.toBeInstanceOf(TokenDecryptError);
    await expect(cipher.decrypt(sealed, { ...context, item_id: 'item-2' })).rejects.toBeInstanceOf(
      TokenDecryptError,
    );
    await expect(localTokenCipher(randomBytes(32)).decrypt(sealed, context)).rejects.toBeInstanceOf(
      TokenDecryptError,
    );
  });
});

describe('KMS envelope token cipher', () => {
  const kms = mockClient(KMSClient);
  afterEach(() => kms.reset());

  it('encrypts under a fresh data key bound to the context, and decrypts through KMS once per key', async () => {
    const dataKey = randomBytes(32);
    const encryptedKey = randomBytes(64);
    kms
      .on(GenerateDataKeyCommand)
      .resolves({ Plaintext: new Uint8Array(dataKey), CiphertextBlob: encryptedKey });
    kms.on(DecryptCommand).resolves({ Plaintext: new Uint8Array(dataKey) });
    const cipher = kmsTokenCipher(new KMSClient({ region: 'us-east-1' }), 'alias/plaid-tokens');

    const sealed = await cipher.encrypt(token, context);
    const first = await cipher.decrypt(sealed, context);
    const second = await cipher.decrypt(sealed, context);

    expect(sealed).not.toContain('access-sandbox');
    expect([first, second]).toEqual([token, token]);
    expect(kms.commandCalls(GenerateDataKeyCommand)[0]?.args[0].input).toMatchObject({
      KeyId: 'alias/plaid-tokens',
      KeySpec: 'AES_256',
      EncryptionContext: context,
    });
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(1);
    expect(kms.commandCalls(DecryptCommand)[0]?.args[0].input.EncryptionContext).toEqual(context);
  });

  it('refuses a local ciphertext', async () => {
    const cipher = kmsTokenCipher(new KMSClient({ region: 'us-east-1' }), 'k');
    const local = await localTokenCipher(randomBytes(32)).encrypt(token, context);
    await expect(cipher.decrypt(local, context)).rejects.toBeInstanceOf(TokenDecryptError);
  });
});
