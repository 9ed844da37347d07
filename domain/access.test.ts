import { describe, expect, it } from 'vitest';
import { can, sameEmail, type Permission, type ProfileRole } from './access.ts';

describe('can', () => {
  const table: Array<[ProfileRole, Permission, boolean]> = [
    ['owner', 'read', true],
    ['owner', 'edit', true],
    ['owner', 'manage', true],
    ['editor', 'read', true],
    ['editor', 'edit', true],
    ['editor', 'manage', false],
    ['viewer', 'read', true],
    ['viewer', 'edit', false],
    ['viewer', 'manage', false],
    ['none', 'read', false],
    ['none', 'edit', false],
    ['none', 'manage', false],
  ];
  it.each(table)('%s may %s: %s', (role, permission, expected) => {
    expect(can(role, permission)).toBe(expected);
  });
});

describe('sameEmail', () => {
  it('compares case-insensitively and ignores surrounding spaces', () => {
    expect(sameEmail('Ann@Example.COM', ' ann@example.com ')).toBe(true);
    expect(sameEmail('ann@example.com', 'anne@example.com')).toBe(false);
    expect(sameEmail('', '')).toBe(false);
    expect(sameEmail(undefined, 'a@b.c')).toBe(false);
  });
});
