// GET /form-check?page=<path>&courseId=&sessionId=: the check questions a feedback form's page asks,
// as one line of text for a host that writes them into the page itself (nginx's SSI:
// bench/nginx-site.conf), so a browser without JavaScript sees and posts them
// (docs/decisions/follow-up-checks.md, "Without JavaScript"). The same read as the form's
// (`follow_up_check()`); nothing is written or counted, and nothing of the caller is kept.
import type { Hono } from 'hono';
import { db } from '../_shared/db.ts';
import { type FormCheck, formCheckLine, formCheckOrder, formCheckPlace, type FormCheckPlace } from '../_shared/form-check.ts';

async function checkAt(place: FormCheckPlace): Promise<FormCheck | null> {
  const [row] =
    'classToken' in place
      ? await db()`
          select public.follow_up_check((l.link ->> 'courseId')::uuid, l.link ->> 'sessionId') as check
          from (select public.resolve_class_token(${place.classToken}) as link) l
          where l.link is not null`
      : await db()`select public.follow_up_check(${place.courseId}::uuid, ${place.session}) as check`;
  return (row?.check ?? null) as FormCheck | null;
}

export function formCheckRoutes(app: Hono): void {
  app.get('/form-check', async (c) => {
    const place = formCheckPlace(c.req.query('page') ?? '', new URL(c.req.url).searchParams);
    const check = place ? await checkAt(place) : null;
    return c.text(formCheckLine(check, check ? formCheckOrder(check) : 'only'), 200, { 'cache-control': 'no-store' });
  });
}
