-- Calls the class-summaries edge function every minute with pg_cron and pg_net, as Supabase documents
-- for scheduling edge functions on hosted projects: the project's URL and the function's secret come
-- from Vault at each run (`project_url` and `class_summaries_secret`, created once by hand:
-- docs/deploying.md, "After-class summaries"), so no secret is written in a migration. Where the
-- extensions are missing (the local stack's embedded Postgres) this only says so: the stack runs the
-- same call every minute itself (stack/class-summaries.ts). A failed schedule must not block
-- deploying the rest, so any error is a notice.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron')
    or not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_net') then
    raise notice 'pg_cron or pg_net is not available in this database: after-class summaries are not scheduled here (the local stack calls the class-summaries function itself every minute).';
    return;
  end if;
  begin
    create extension if not exists pg_cron with schema pg_catalog;
    create extension if not exists pg_net with schema extensions;
    execute $sql$
      select cron.schedule('classpulse-class-summaries', '* * * * *', $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/class-summaries/run',
          headers := jsonb_build_object(
            'Content-Type', 'application/json',
            'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'class_summaries_secret')
          ),
          body := '{}'::jsonb,
          timeout_milliseconds := 60000
        )
      $job$)
    $sql$;
    raise notice 'pg_cron job classpulse-class-summaries scheduled: POST /functions/v1/class-summaries/run every minute (needs the Vault secrets project_url and class_summaries_secret).';
  exception when others then
    raise notice 'pg_cron/pg_net are listed but could not be used (%): see docs/deploying.md, "After-class summaries".', sqlerrm;
  end;
end
$$;
