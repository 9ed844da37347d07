// Every route of the catalog with bad input, as an outside probe sends it: malformed and wrong-shaped
// bodies, each documented field of a function's body with a wrong type, hostile path parameters and
// query strings, and a profile header that is not a profile. Whatever the route, the answer is a clear
// refusal (4xx, JSON, with a message) or a success, never a server error, and never something other
// than JSON (or the HTML page of the e-mail unsubscribe link). Routes are called as their callers call them: a user's with a signed-in user who has a
// linked sandbox bank and a plan, an admin's with an admin, public and webhook routes without a token.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allRoutes, type CatalogEntry, type Route } from '../../functions/catalog.ts';
import { api, cloud, signInWithPassword, signUpAdmin, type TestUser } from './helpers.ts';
import { forecastSettled, generatePlan, linkedUser } from './money-helpers.ts';

interface Probe {
  what: string;
  /** Sent a body that is not an object: it must be refused. */
  notAnObject?: boolean;
  status: number;
  contentType: string;
  body: string;
}

let user: TestUser;
let profileId: string;
let admin: TestUser;
const probes: Array<Probe & { route: string }> = [];

beforeAll(async () => {
  const linked = await linkedUser();
  user = linked.user;
  profileId = linked.profileId;
  expect((await generatePlan({ token: user.idToken, profileId })).status).toBe(200);
  admin = await signUpAdmin();
}, 120_000);

afterAll(async () => {
  if (profileId) await forecastSettled(profileId);
});

/** Values a probe puts in a path parameter. */
const HOSTILE_PATH_VALUES = [
  randomUUID(),
  'x'.repeat(400),
  '%00',
  '..%2F..%2Fadmin',
  '%F0%9F%92%B8',
  "'%20OR%20'1'%3D'1",
  '%7B%7D',
];

/** Raw bodies that are not the object any route takes: each is refused. */
const NOT_AN_OBJECT = ['{not json', '[]', '"text"', '42', '{"a":'.repeat(3000)];
/** Bodies a route may take as no body, or as an object without its fields. */
const HARMLESS_BODIES = ['null', '{"__proto__":{"admin":true}}'];
const MALFORMED_BODIES = [...NOT_AN_OBJECT, ...HARMLESS_BODIES];

/** Values of the wrong type for a field of this schema. */
function wrongValuesFor(schema: z.ZodType): unknown[] {
  const type = (schema as { def?: { type?: string } }).def?.type;
  const values: unknown[] = [{ $gt: '' }, ['a'], 'x'.repeat(5000)];
  if (type !== 'boolean') values.push(true);
  if (type !== 'number') values.push(-1e308);
  return values;
}

/** The top-level fields of an entry's body schema, when it is an object. */
function bodyFields(entry: CatalogEntry): Array<[string, z.ZodType]> {
  const shape = (entry.body as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  return shape ? Object.entries(shape).filter(([field]) => field !== 'userId') : [];
}

function tokenFor(entry: CatalogEntry): string | undefined {
  if (entry.caller === 'admin') return admin.idToken;
  if (entry.caller === 'user') return user.idToken;
  return undefined;
}

async function send(
  method: string,
  path: string,
  options: { token?: string; rawBody?: string; profileHeader?: string },
): Promise<Probe> {
  const headers: Record<string, string> = { 'x-profile-id': options.profileHeader ?? profileId };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.rawBody !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${cloud().urls.api}${path}`, { method, headers, body: options.rawBody });
  return {
    notAnObject: options.rawBody !== undefined && NOT_AN_OBJECT.includes(options.rawBody),
    what: `${method} ${path.length > 120 ? `${path.slice(0, 120)}…` : path}${
      options.rawBody === undefined ? '' : ` ${options.rawBody.slice(0, 60)}`
    }${options.profileHeader === undefined ? '' : ` [x-profile-id ${options.profileHeader.slice(0, 40)}]`}`,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: await response.text(),
  };
}

/** Fills a route's path parameters with one value. */
const fill = (route: Route, value: string) => route.path.replace(/\{[^}]+\}/g, value);
/** A path whose parameters name nothing that exists, but well formed. */
const wellFormed = (route: Route) => fill(route, randomUUID());

/** Sign-out-everywhere and delete-account end the caller's sessions when they succeed: they go last. */
const ENDS_SESSIONS = /sign-out-everywhere|delete-account/;
const routes = [...allRoutes]
  .filter(({ entry }) => entry.handler !== null)
  .sort((a, b) => Number(ENDS_SESSIONS.test(a.route.path)) - Number(ENDS_SESSIONS.test(b.route.path)));

async function probesOf(entry: CatalogEntry, route: Route): Promise<Probe[]> {
  const token = tokenFor(entry);
  const out: Probe[] = [];
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  if (route.path.includes('{'))
    for (const value of HOSTILE_PATH_VALUES)
      out.push(await send(route.method, fill(route, value), { token, rawBody: hasBody ? '{}' : undefined }));
  if (hasBody) {
    for (const rawBody of MALFORMED_BODIES)
      out.push(await send(route.method, wellFormed(route), { token, rawBody }));
    for (const [field, schema] of bodyFields(entry))
      for (const value of wrongValuesFor(schema))
        out.push(
          await send(route.method, wellFormed(route), { token, rawBody: JSON.stringify({ [field]: value }) }),
        );
  } else {
    const query =
      '?month=2026-13&from=not-a-day&to=9999-99-99&limit=-5&cursor=%25%25&view=bogus&accountId=..%2Fx&page=NaN';
    out.push(await send(route.method, `${wellFormed(route)}${query}`, { token }));
  }
  if (entry.caller === 'user')
    for (const profileHeader of ["'; DROP TABLE x; --", randomUUID(), 'x'.repeat(300)])
      out.push(
        await send(route.method, wellFormed(route), {
          token,
          rawBody: hasBody ? '{}' : undefined,
          profileHeader,
        }),
      );
  return out;
}

describe('bad input on every route', () => {
  it.each(routes.map(({ entry, route }) => [`${route.method} ${route.path}`, entry, route] as const))(
    '%s: a clear refusal or a success, never a server error',
    async (_name, entry, route) => {
      // A session ended by an earlier probe (sign-out-everywhere) is renewed, so every route is reached.
      if (
        entry.caller === 'user' &&
        (await api('GET', '/profiles/me', { token: user.idToken })).status === 401
      )
        user = { ...user, idToken: (await signInWithPassword(user)).idToken };
      for (const probe of await probesOf(entry, route)) {
        probes.push({ ...probe, route: `${route.method} ${route.path}` });
        expect(probe.status, `${probe.what} → ${probe.status} ${probe.body.slice(0, 300)}`).toBeLessThan(500);
        if (probe.notAnObject)
          expect(
            probe.status,
            `${probe.what} → ${probe.status} ${probe.body.slice(0, 300)}`,
          ).toBeGreaterThanOrEqual(400);
        if (probe.status === 204 || probe.status === 302) continue;
        expect(probe.contentType, `${probe.what}: ${probe.body.slice(0, 200)}`).toMatch(/json|text\/html/);
        if (probe.status >= 400) {
          const body = JSON.parse(probe.body) as { message?: unknown };
          expect(typeof body.message, `${probe.what}: ${probe.body.slice(0, 200)}`).toBe('string');
          expect(String(body.message).length).toBeGreaterThan(0);
        }
      }
    },
    60_000,
  );

  it('sent every probe: each route with a body had its malformed bodies and its fields tried', () => {
    const bodyRoutes = routes.filter(({ route }) => ['POST', 'PUT', 'PATCH'].includes(route.method));
    expect(bodyRoutes.length).toBeGreaterThan(40);
    for (const { route } of bodyRoutes)
      expect(probes.filter((p) => p.route === `${route.method} ${route.path}`).length).toBeGreaterThanOrEqual(
        MALFORMED_BODIES.length,
      );
    // Most bad bodies are refused with a 400 rather than taken.
    const refused = probes.filter((p) => p.status === 400).length;
    expect(refused / probes.length).toBeGreaterThan(0.5);
  });
});
