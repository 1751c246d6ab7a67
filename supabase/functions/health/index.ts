// health: answers whether the function runtime and its database connection work.
import { db } from '../_shared/db.ts';

Deno.serve(async () => {
  const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
  try {
    await db()`select 1`;
    return new Response(JSON.stringify({ status: 'ok', database: 'ok' }), { headers });
  } catch {
    return new Response(JSON.stringify({ status: 'degraded', database: 'unreachable' }), { status: 503, headers });
  }
});
