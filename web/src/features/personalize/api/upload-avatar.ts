// The avatar photo (spec §2 Personalize → Photo, §5): PUT /avatars/me grants an upload (S3's presigned
// POST in the cloud, the local gateway's stand-in locally); the browser posts a form with every granted
// field then the file as `file`; then PATCH /profiles/me {avatar_type: 'photo'} (spec §4: uploading a
// photo sets type photo). GET /profiles/me then returns a fresh avatar_url.
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client.ts';
import { patchProfile, type Profile } from '../../../lib/user-profile-api.ts';

const grantSchema = z.object({
  key: z.string(),
  upload: z.object({ method: z.literal('POST'), url: z.string(), fields: z.record(z.string(), z.string()) }),
});

export class AvatarUploadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AvatarUploadError';
  }
}

export async function uploadAvatar(file: File): Promise<Profile> {
  const grant = grantSchema.parse(
    await api.put<unknown>('/avatars/me', { content_type: file.type, size: file.size }),
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.upload.fields)) form.append(name, value);
  form.append('file', file);
  const response = await fetch(grant.upload.url, { method: 'POST', body: form });
  if (!response.ok) {
    throw new AvatarUploadError(`avatar store refused the upload (${response.status})`, {
      cause: await response.text().catch(() => ''),
    });
  }
  return patchProfile({ avatar_type: 'photo' });
}
