// The avatars store (spec §7 Storage: bucket avatars, {userId}/avatar.{ext}, upsert, remove the old
// file): S3 in the cloud, a folder served by the local gateway here. Browsers upload straight to the
// store with a short-lived, size- and type-limited grant, and read through short-lived URLs, so the
// bucket stays private and no image passes through a Lambda.
import { DeleteObjectCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** A form POST (S3's presigned POST): send `fields` then the file as `file`. */
export interface UploadGrant {
  method: 'POST';
  url: string;
  fields: Record<string, string>;
  expiresAt: string;
}

export interface AvatarStore {
  grantUpload(key: string, contentType: string, maxBytes: number): Promise<UploadGrant>;
  readUrl(key: string): Promise<string>;
  remove(key: string): Promise<void>;
}

const UPLOAD_TTL_SECONDS = 5 * 60;
const READ_TTL_SECONDS = 60 * 60;

export function s3AvatarStore(client: S3Client, bucket: string): AvatarStore {
  return {
    async grantUpload(key, contentType, maxBytes) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket: bucket,
        Key: key,
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: UPLOAD_TTL_SECONDS,
      });
      return {
        method: 'POST',
        url,
        fields,
        expiresAt: new Date(Date.now() + UPLOAD_TTL_SECONDS * 1000).toISOString(),
      };
    },
    readUrl: (key) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), {
        expiresIn: READ_TTL_SECONDS,
      }),
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

/** The local grant key, derived from the data folder's token key: one secret file per data folder. */
export function localAvatarSecret(tokenKeyFileContents: string): Buffer {
  return createHash('sha256').update(tokenKeyFileContents.trim()).update('avatars').digest();
}

/** The grant the local store signs: what may be written, how big, until when. */
export interface LocalGrant {
  key: string;
  contentType: string;
  maxBytes: number;
  expires: number;
}

export function signLocalGrant(secret: Buffer, grant: LocalGrant): string {
  const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
}

export function verifyLocalGrant(secret: Buffer, token: string, now: number): LocalGrant | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(payload).digest('base64url'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LocalGrant;
  return grant.expires > now ? grant : null;
}

/** Resolves a key inside the folder, refusing anything that would climb out of it. */
export function localAvatarPath(directory: string, key: string): string | null {
  const path = normalize(join(directory, key));
  return path.startsWith(normalize(directory) + '/') ? path : null;
}

/** The local stand-in: grants are HMAC-signed, uploads and reads go to the local gateway's /__avatars. */
export function localAvatarStore(directory: string, baseUrl: string, secret: Buffer): AvatarStore {
  return {
    async grantUpload(key, contentType, maxBytes) {
      const expires = Date.now() + UPLOAD_TTL_SECONDS * 1000;
      const token = signLocalGrant(secret, { key, contentType, maxBytes, expires });
      return {
        method: 'POST',
        url: `${baseUrl}/__avatars/upload`,
        fields: { token, 'Content-Type': contentType },
        expiresAt: new Date(expires).toISOString(),
      };
    },
    async readUrl(key) {
      return `${baseUrl}/__avatars/files/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
    async remove(key) {
      const path = localAvatarPath(directory, key);
      if (path && existsSync(path)) rmSync(path);
    },
  };
}

/** The local gateway's side of an upload: check the grant, then store the bytes. */
export function storeLocalUpload(
  directory: string,
  secret: Buffer,
  token: string,
  contentType: string,
  body: Buffer,
  now: number,
): { ok: true; key: string } | { ok: false; status: number; message: string } {
  const grant = verifyLocalGrant(secret, token, now);
  if (!grant) return { ok: false, status: 403, message: 'Invalid or expired upload grant' };
  if (contentType !== grant.contentType)
    return { ok: false, status: 403, message: 'Content-Type does not match the grant' };
  if (body.length < 1 || body.length > grant.maxBytes) {
    return { ok: false, status: 400, message: 'Your proposed upload exceeds the maximum allowed size' };
  }
  const path = localAvatarPath(directory, grant.key);
  if (!path) return { ok: false, status: 403, message: 'Invalid key' };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, body);
  return { ok: true, key: grant.key };
}
