import { describe, expect, it } from 'vitest';
import { databaseConnection } from './db-config.ts';

const envOf = (vars: Record<string, string>) => (name: string) => vars[name];
const DIRECT = 'postgresql://postgres:pw@db.example.supabase.co:5432/postgres';
const POOLER = 'postgres://postgres.ref:pw@aws-0-eu-west-1.pooler.supabase.com:6543/postgres';

describe('databaseConnection', () => {
  it('uses DB_POOLER_URL when set: no prepared statements, up to 10 connections, a short idle timeout', () => {
    const c = databaseConnection(envOf({ SUPABASE_DB_URL: DIRECT, DB_POOLER_URL: POOLER }));
    expect(c).toEqual({ url: POOLER, pooled: true, options: { max: 10, idle_timeout: 20, connect_timeout: 5, prepare: false } });
  });

  it('decides by the variable, not the port: a pooler on any port gets no prepared statements', () => {
    const c = databaseConnection(envOf({ DB_POOLER_URL: 'postgresql://postgres:pw@127.0.0.1:41234/postgres' }));
    expect(c.options.prepare).toBe(false);
  });

  it('falls back to SUPABASE_DB_URL (direct: prepared statements, 10 connections, 60 s idle)', () => {
    for (const pooler of [undefined, '', '  ']) {
      const vars: Record<string, string> = { SUPABASE_DB_URL: DIRECT };
      if (pooler !== undefined) vars.DB_POOLER_URL = pooler;
      expect(databaseConnection(envOf(vars))).toEqual({
        url: DIRECT,
        pooled: false,
        options: { max: 10, idle_timeout: 60, connect_timeout: 5, prepare: true },
      });
    }
  });

  it('never prepares on the transaction pooler port, even through SUPABASE_DB_URL', () => {
    expect(databaseConnection(envOf({ SUPABASE_DB_URL: POOLER })).options.prepare).toBe(false);
  });

  it('takes DB_POOL_SIZE when it is a positive integer', () => {
    expect(databaseConnection(envOf({ DB_POOLER_URL: POOLER, DB_POOL_SIZE: '2' })).options.max).toBe(2);
    expect(databaseConnection(envOf({ SUPABASE_DB_URL: DIRECT, DB_POOL_SIZE: 'x' })).options.max).toBe(10);
  });

  it('fails clearly with neither URL', () => {
    expect(() => databaseConnection(envOf({}))).toThrow(/DB_POOLER_URL nor SUPABASE_DB_URL/);
  });
});
