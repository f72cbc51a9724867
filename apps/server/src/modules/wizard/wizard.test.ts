import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired, userRow } from '../users/test-guards';

describe('POST /api/wizard/finish/{stationId}', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  const awaitingSetup = async (id: string) =>
    (await t.db.select().from(stations).where(eq(stations.id, id)))[0]!.awaitingSetup;

  it('requires a session and a matching X-User-Id', async () => {
    await expectSignInRequired(t, { method: 'POST', url: `/api/wizard/finish/${ids.newWash}` });
  });

  it("answers 404 for a station outside the caller's networks", async () => {
    const wizard = await t.loginAs('wizard');
    for (const id of [ids.lenina, 'not-a-uuid']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/wizard/finish/${id}`,
        headers: wizard.headers,
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('is only for the wizard role', async () => {
    const owner = await t.loginAs('owner');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/wizard/finish/${ids.lenina}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(403);
  });

  it('ends setup: role user, no redirect, station no longer awaiting setup', async () => {
    const wizard = await t.loginAs('wizard');
    expect(await awaitingSetup(ids.newWash)).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/wizard/finish/${ids.newWash}`,
      headers: wizard.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: wizard.userId, role: 'user', position: 'owner' });
    const row = await userRow(t, wizard.userId);
    expect(row.role).toBe('user');
    expect(row.redirectTo).toBeNull();
    expect(await awaitingSetup(ids.newWash)).toBe(false);

    const me = await t.app.inject({
      method: 'GET',
      url: `/api/user/${wizard.userId}`,
      headers: wizard.headers,
    });
    expect(me.json()).toMatchObject({ redirect_to: null, user: { role: 'user' } });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/wizard/finish/${ids.newWash}`,
      headers: wizard.headers,
    });
    expect(again.statusCode).toBe(403);
  });
});
