import { createServer } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';

/** A database error as the drivers raise it: the SQLSTATE in `code`, wrapped in the ORM's error. */
function databaseError(code: string): Error {
  const cause = Object.assign(new Error(`database error ${code}`), { code });
  return Object.assign(new Error('Failed query: update position_holders ...'), { cause });
}

describe('database errors a request can meet', () => {
  it('answers a deadlock or a serialization failure with 409 and a retry hint, and a value out of range with 400, never a 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/fail/:code', async (request) => {
      throw databaseError((request.params as { code: string }).code);
    });
    const answer = async (code: string) => {
      const response = await app.inject({ method: 'GET', url: `/fail/${code}` });
      return { status: response.statusCode, body: response.json() };
    };
    const retry = 'Someone else changed the same record at the same moment. Please try again.';
    expect(await answer('40P01')).toEqual({
      status: 409,
      body: { error: { code: 'CONFLICT', message: retry } },
    });
    expect(await answer('40001')).toEqual({
      status: 409,
      body: { error: { code: 'CONFLICT', message: retry } },
    });
    expect(await answer('22008')).toEqual({
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: 'A date or time is out of range.' } },
    });
    expect(await answer('22003')).toEqual({
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: 'A number is out of range.' } },
    });
    // A record held past the lock timeout, and a connection the database ended: 503, try again.
    expect(await answer('55P03')).toEqual({
      status: 503,
      body: {
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'This record is busy. Please try again in a moment.',
        },
      },
    });
    expect(await answer('57P01')).toEqual({
      status: 503,
      body: {
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The database was busy. Please try again in a moment.',
        },
      },
    });
    expect((await answer('XX000')).status).toBe(500);
    await app.close();
  });
});

describe('a database that does not answer in time', () => {
  it('answers 503 with a retry hint when no connection comes in time, new or freed, never a 500', async () => {
    // A server that accepts connections and never speaks: the pool's wait for a connection runs out.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port,
      user: 'cosa',
      database: 'cosa',
      max: 1,
      connectionTimeoutMillis: 200,
    });
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/busy', async () => (await pool.query('select 1')).rows);
    // The first waits for a new connection, the second for the first's to come free.
    const responses = await Promise.all([
      app.inject({ method: 'GET', url: '/busy' }),
      app.inject({ method: 'GET', url: '/busy' }),
    ]);
    for (const response of responses) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The portal is busy. Please try again in a moment.',
        },
      });
    }
    await app.close();
    await pool.end().catch(() => undefined);
    silent.close();
  });
});
