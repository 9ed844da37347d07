// Where uploaded statements wait to be parsed (docs/import-export.md): the avatars bucket's imports/
// prefix in the cloud (a lifecycle rule removes what an abandoned import leaves after a day), the local
// avatars folder here. The browser uploads with the same presigned-POST grant as a profile photo; the
// function reads the file, and removes it once the import is confirmed.
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, type S3Client } from '@aws-sdk/client-s3';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { localAvatarPath, localAvatarStore, s3AvatarStore, type UploadGrant } from '../ports/avatar-store.ts';

/** Every statement upload's key starts here, then the profile's id. */
export const IMPORTS_PREFIX = 'imports/';
/** The grant's content type: browsers name statements inconsistently, the parser decides the format. */
export const STATEMENT_CONTENT_TYPE = 'application/octet-stream';

export interface StatementFileStore {
  grantUpload(key: string, maxBytes: number): Promise<UploadGrant>;
  /** The file's bytes, or null when nothing (or nothing any more) is stored under the key. */
  read(key: string): Promise<Uint8Array | null>;
  remove(key: string): Promise<void>;
}

export function s3StatementStore(client: S3Client, bucket: string): StatementFileStore {
  const grants = s3AvatarStore(client, bucket);
  return {
    grantUpload: (key, maxBytes) => grants.grantUpload(key, STATEMENT_CONTENT_TYPE, maxBytes),
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? await object.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

export function localStatementStore(directory: string, baseUrl: string, secret: Buffer): StatementFileStore {
  const grants = localAvatarStore(directory, baseUrl, secret);
  return {
    grantUpload: (key, maxBytes) => grants.grantUpload(key, STATEMENT_CONTENT_TYPE, maxBytes),
    async read(key) {
      const path = localAvatarPath(directory, key);
      return path && existsSync(path) ? new Uint8Array(readFileSync(path)) : null;
    },
    async remove(key) {
      const path = localAvatarPath(directory, key);
      if (path && existsSync(path)) rmSync(path);
    },
  };
}
