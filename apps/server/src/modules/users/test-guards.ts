import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { stations, users } from '../../db/schema';
import type { TestApp } from '../../test/test-app';

/** Ids of the seeded demo stations and users, by name and login. */
export async function demoIds(t: TestApp) {
  const stationRows = await t.db.select({ id: stations.id, name: stations.name }).from(stations);
  const userRows = await t.db.select({ id: users.id, login: users.login }).from(users);
  const station = (name: string) => {
    const row = stationRows.find((s) => s.name === name);
    if (!row) throw new Error(`no demo station ${name}`);
    return row.id;
  };
  const user = (login: string) => {
    const row = userRows.find((u) => u.login === login);
    if (!row) throw new Error(`no demo user ${login}`);
    return row.id;
  };
  return {
    lenina: station('Мойка на Ленина'),
    sadovaya: station('Мойка на Садовой'),
    bridge: station('Мойка у моста'),
    newWash: station('Новая мойка'),
    user,
  };
}

export async function userRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/**
 * The sign-in rules every signed-in route shares (DESIGN §5): no session, no X-User-Id, and an X-User-Id
 * naming someone else are all 401, whatever the body.
 */
export async function expectSignInRequired(t: TestApp, request: InjectOptions) {
  const owner = await t.loginAs('owner');
  const worker = await t.loginAs('worker');
  const noSession = await t.app.inject(request);
  expect(noSession.statusCode).toBe(401);
  expect(noSession.json().error.code).toBe('AUTH_REQUIRED');

  const missingHeader = await t.app.inject({ ...request, headers: { cookie: owner.headers.cookie } });
  expect(missingHeader.statusCode).toBe(401);
  expect(missingHeader.json().error.code).toBe('USER_ID_REQUIRED');

  const spoofed = await t.app.inject({
    ...request,
    headers: { cookie: owner.headers.cookie, 'x-user-id': worker.userId },
  });
  expect(spoofed.statusCode).toBe(401);
  expect(spoofed.json().error.code).toBe('USER_ID_MISMATCH');
}
