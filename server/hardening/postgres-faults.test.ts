/**
 * PostgreSQL faults (only when TEST_DATABASE_URL is set; the shared server cannot be stopped, so
 * the test stands between the app and PostgreSQL with a TCP proxy it can cut and restore, and
 * terminates the app's connections from a second connection):
 * - the database goes away: requests answer 503 with a clear message, /api/ready reports it, and
 *   once it is back requests work again without restarting anything;
 * - two server nodes on one database: a session from one is valid on the other, sign-out on one
 *   ends it on both, concurrent bookings of one slot through both give one success.
 */
import net from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client';
import { raceForOneSlot } from '../features/appointments/test/slot-race';
import { MESSAGES } from '../platform/errors';
import { MONDAY_10, movableClock } from '../test/factories';
import { createTestApp, setupTestApp, signedInStaff, type TestContext } from '../test/harness';

const clock = movableClock(MONDAY_10);

const enabled = Boolean(process.env.TEST_DATABASE_URL);

/** A TCP proxy to PostgreSQL that the test can cut (every connection dropped) and restore. */
function tcpProxy(target: URL) {
  let server: net.Server | null = null;
  const sockets = new Set<net.Socket>();
  let port = 0;
  return {
    get port() {
      return port;
    },
    async start() {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', () => resolve()));
      port = (server.address() as net.AddressInfo).port;
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
  };
}

describe.skipIf(!enabled)('PostgreSQL faults', () => {
  const contexts: TestContext[] = [];
  afterAll(async () => {
    for (const c of contexts.reverse()) {
      await c.app.close();
      await c.database.close().catch(() => {});
    }
  });

  it('answers 503 while the database is gone and works again when it is back', async () => {
    const home = await setupTestApp();
    const url = new URL(
      String(
        (home.database.pool as unknown as { options: { connectionString: string } }).options.connectionString,
      ),
    );
    const proxy = tcpProxy(url);
    await proxy.start();
    const viaProxy = new URL(url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const node = await createTestApp({ database: await openPostgres(viaProxy.toString(), 5) });
    contexts.push(node);
    const staff = await signedInStaff(node);
    const get = (u: string) => node.app.inject({ method: 'GET', url: u, headers: staff.headers });
    expect((await get('/api/patients')).statusCode).toBe(200);

    await proxy.stop(); // the database goes away
    for (const u of ['/api/patients', '/api/dashboard', '/api/user/user-details']) {
      const res = await get(u);
      expect(res.statusCode, u).toBe(503);
      expect(res.json(), u).toEqual({ status: 0, message: MESSAGES.unavailable });
    }
    const ready = await node.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 0, database: 'unavailable' });
    const publicForm = await node.app.inject({
      method: 'GET',
      url: `/api/appointment/check-register-date?filters=${encodeURIComponent('{"selected_date":"2030-01-07"}')}`,
    });
    expect(publicForm.statusCode).toBe(503);

    await proxy.start(); // back, on the same address: no restart of the app
    expect((await node.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await get('/api/patients')).statusCode).toBe(200);
    await proxy.stop();
    await node.app.close();
    await node.database.close();
    contexts.pop();
  });

  it('survives its connections being terminated by the server', async () => {
    const node = await setupTestApp();
    const staff = await signedInStaff(node);
    const get = () => node.app.inject({ method: 'GET', url: '/api/patients', headers: staff.headers });
    expect((await get()).statusCode).toBe(200);
    const dbName = (await node.database.pool!.query('select current_database() as d')).rows[0].d;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const killed = await admin.query(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [dbName],
    );
    await admin.end();
    expect(killed.rows[0].n).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 100));
    // At most the first request meets a dead connection (503, never 500); then it works again.
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await get()).statusCode);
    expect(codes.every((c) => c === 200 || c === 503)).toBe(true);
    expect(codes.at(-1)).toBe(200);
  });

  it('answers 503 with a clear message when the database cannot be reached at all', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const node = await createTestApp({
      database: await openPostgres(`postgres://postgres@127.0.0.1:${port}/nowhere`, 2),
    });
    contexts.push(node);
    const ready = await node.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    // A bearer token must be looked up in the database (a forged cookie fails its signature first).
    const res = await node.app.inject({
      method: 'GET',
      url: '/api/patients',
      headers: { authorization: 'Bearer abcdef' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 0, message: MESSAGES.unavailable });
    const publicForm = await node.app.inject({
      method: 'GET',
      url: `/api/appointment/check-register-date?filters=${encodeURIComponent('{"selected_date":"2030-01-07"}')}`,
    });
    expect(publicForm.statusCode).toBe(503);
    const signIn = await node.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'a@test.example', password: 'Parola-Oarecare-1' },
    });
    expect(signIn.statusCode).toBe(503);
  });

  it('runs two nodes on one database: shared sessions, sign-out everywhere, one booking per slot', async () => {
    const a = await setupTestApp({ clock });
    const url = String(
      (a.database.pool as unknown as { options: { connectionString: string } }).options.connectionString,
    );
    const b = await createTestApp({ clock, database: await openPostgres(url, 5) });
    contexts.push(b);
    const staff = await signedInStaff(a);
    const me = (node: TestContext) =>
      node.app.inject({ method: 'GET', url: '/api/appointment/statuses', headers: staff.headers });
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(200);

    await raceForOneSlot(a.database.db, staff, [b.app, a.app], 20);

    const out = await b.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: staff.headers,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
  });
});
