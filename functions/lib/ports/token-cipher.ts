// Encryption at rest for Plaid access tokens: a KMS envelope in the cloud (a fresh data key per
// token, AES-256-GCM locally with it, only the KMS-encrypted data key stored beside the ciphertext),
// AES-256-GCM with a local key file on this machine. Both produce self-describing strings, so a
// stored token says how to open it. Plaintext tokens never leave the server and are never logged.
import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface TokenCipher {
  encrypt(plaintext: string, context: Record<string, string>): Promise<string>;
  decrypt(ciphertext: string, context: Record<string, string>): Promise<string>;
}

export class TokenDecryptError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'TokenDecryptError';
  }
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');
const unb64 = (value: string) => Buffer.from(value, 'base64url');

/** Authenticated data binds a ciphertext to what it belongs to (e.g. the item id): moved, it fails. */
const aad = (context: Record<string, string>) =>
  Buffer.from(
    Object.keys(context)
      .sort()
      .map((k) => `${k}=${context[k]}`)
      .join('&'),
  );

function seal(key: Buffer, plaintext: string, context: Record<string, string>) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), body };
}

function open(key: Buffer, iv: Buffer, tag: Buffer, body: Buffer, context: Record<string, string>): string {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(aad(context));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch (error) {
    throw new TokenDecryptError('stored token failed authentication', { cause: error });
  }
}

export function localTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('the local token key must be 32 bytes');
  return {
    async encrypt(plaintext, context) {
      const { iv, tag, body } = seal(key, plaintext, context);
      return ['v1', 'local', b64(iv), b64(tag), b64(body)].join('.');
    },
    async decrypt(ciphertext, context) {
      const [version, kind, iv, tag, body] = ciphertext.split('.');
      if (version !== 'v1' || kind !== 'local' || !iv || !tag || body === undefined) {
        throw new TokenDecryptError('not a locally encrypted token');
      }
      return open(key, unb64(iv), unb64(tag), unb64(body), context);
    },
  };
}

export function kmsTokenCipher(client: KMSClient, keyId: string): TokenCipher {
  // Decrypted data keys are kept for the life of the Lambda container, keyed by their ciphertext.
  const dataKeys = new Map<string, Promise<Buffer>>();
  return {
    async encrypt(plaintext, context) {
      const dataKey = await client.send(
        new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: context }),
      );
      if (!dataKey.Plaintext || !dataKey.CiphertextBlob) throw new Error('KMS returned no data key');
      const key = Buffer.from(dataKey.Plaintext);
      const { iv, tag, body } = seal(key, plaintext, context);
      key.fill(0);
      return ['v1', 'kms', b64(Buffer.from(dataKey.CiphertextBlob)), b64(iv), b64(tag), b64(body)].join('.');
    },
    async decrypt(ciphertext, context) {
      const [version, kind, encryptedKey, iv, tag, body] = ciphertext.split('.');
      if (version !== 'v1' || kind !== 'kms' || !encryptedKey || !iv || !tag || body === undefined) {
        throw new TokenDecryptError('not a KMS-envelope token');
      }
      const cacheKey = `${encryptedKey}|${JSON.stringify(context)}`;
      let key = dataKeys.get(cacheKey);
      if (!key) {
        key = client
          .send(
            new DecryptCommand({
              CiphertextBlob: unb64(encryptedKey),
              EncryptionContext: context,
              KeyId: keyId,
            }),
          )
          .then((result) => {
            if (!result.Plaintext) throw new TokenDecryptError('KMS returned no plaintext key');
            return Buffer.from(result.Plaintext);
          });
        dataKeys.set(cacheKey, key);
        key.catch(() => dataKeys.delete(cacheKey));
      }
      return open(await key, unb64(iv), unb64(tag), unb64(body), context);
    },
  };
}
