// Profile photos (spec §2 Personalize → Photo, §5, §7 Storage): a size- and type-limited grant, the
// browser's form upload straight to the store, a derived read URL, the old file removed on change.
import { describe, expect, it } from 'vitest';
import { api, signUpAndSignIn, type TestUser } from './helpers.ts';

interface Grant {
  key: string;
  upload: { method: 'POST'; url: string; fields: Record<string, string> };
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function grant(user: TestUser, content_type: string, size: number) {
  return api<Grant>('PUT', '/avatars/me', { token: user.idToken, body: { content_type, size } });
}

async function upload(g: Grant, bytes: Buffer, type: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(g.upload.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type }), 'avatar');
  return fetch(g.upload.url, { method: 'POST', body: form });
}

describe('avatars', () => {
  it('uploads a photo under {userId}/avatar.{ext} and serves it through the profile’s avatar_url', async () => {
    const user = await signUpAndSignIn();

    const granted = await grant(user, 'image/png', png.length);
    const stored = await upload(granted.body, png, 'image/png');
    await api('PATCH', '/profiles/me', { token: user.idToken, body: { avatar_type: 'photo' } });
    const { body: profile } = await api<{ avatar_type: string; avatar_url: string }>('GET', '/profiles/me', {
      token: user.idToken,
    });
    const image = await fetch(profile.avatar_url);

    expect(granted.status).toBe(200);
    expect(granted.body.key).toBe(`${user.userId}/avatar.png`);
    expect(stored.status).toBe(204);
    expect(profile.avatar_type).toBe('photo');
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
  });

  it.each([
    ['image/png', 6 * 1024 * 1024, 'size', 'Image must be less than 5MB'],
    ['application/pdf', 1000, 'content_type', 'Please select an image file'],
  ])('refuses %s of %i bytes naming %s: "%s"', async (type, size, field, message) => {
    const user = await signUpAndSignIn();
    const response = await grant(user, type, size);
    expect(response.status).toBe(400);
    expect((response.body as unknown as { issues: unknown[] }).issues).toContainEqual({ field, message });
  });

  it('the store refuses an upload larger than the grant, of another type, or with a forged grant', async () => {
    const user = await signUpAndSignIn();
    const { body: g } = await grant(user, 'image/png', png.length);

    const tooBig = await upload(g, Buffer.alloc(5 * 1024 * 1024 + 1), 'image/png');
    const otherType = await upload(
      { ...g, upload: { ...g.upload, fields: { ...g.upload.fields, 'Content-Type': 'text/html' } } },
      png,
      'text/html',
    );
    const forged = await upload(
      { ...g, upload: { ...g.upload, fields: { ...g.upload.fields, token: `${g.upload.fields.token}x` } } },
      png,
      'image/png',
    );

    expect([tooBig.status, otherType.status, forged.status]).toEqual([400, 403, 403]);
  });

  it('changing the format removes the old file; deleting removes the photo', async () => {
    const user = await signUpAndSignIn();
    const first = await grant(user, 'image/png', png.length);
    await upload(first.body, png, 'image/png');
    const oldUrl = (await api<{ avatar_url: string }>('GET', '/profiles/me', { token: user.idToken })).body
      .avatar_url;

    await grant(user, 'image/gif', 10);
    const afterChange = await fetch(oldUrl);
    const removed = await api('DELETE', '/avatars/me', { token: user.idToken });
    const { body: profile } = await api<{ avatar_url: string | null }>('GET', '/profiles/me', {
      token: user.idToken,
    });

    expect(afterChange.status).toBe(404);
    expect(removed.status).toBe(204);
    expect(profile.avatar_url).toBeNull();
  });
});
