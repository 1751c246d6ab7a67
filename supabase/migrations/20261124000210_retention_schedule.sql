-- Runs retention (public.purge_expired_feedback, …_retention.sql) and the roll-up of confusion
-- patterns (private.roll_up_topic_days, …_topic_days.sql) every hour with pg_cron, where
-- the database has the extension: hosted Supabase does (this enables it, in pg_catalog as the
-- Supabase dashboard does). The local stack's embedded Postgres has no pg_cron: there this does
-- nothing but say so, and the stack runs the purge itself at start-up and hourly
-- (stack/retention.ts). Where the extension is listed but cannot be created (not in
-- shared_preload_libraries, say), it says why and goes on: README ("Retention") shows the two
-- statements to run once pg_cron is enabled.
--
-- The job runs as the role that applied this migration (postgres), which may execute the purge.
-- cron.schedule with a job name replaces a job of that name, so re-running this is harmless.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available in this database: expired feedback is not purged on a schedule here (the local stack runs public.purge_expired_feedback() itself).';
    return;
  end if;
  begin
    create extension if not exists pg_cron with schema pg_catalog;
    -- Dynamic SQL: the cron schema exists only once the extension does.
    execute $sql$select cron.schedule('classpulse-purge-expired-feedback', '17 * * * *', 'select public.purge_expired_feedback()')$sql$;
    raise notice 'pg_cron job classpulse-purge-expired-feedback scheduled: public.purge_expired_feedback() at 17 minutes past every hour.';
    -- The daily roll-up confusion_patterns reads (…_topic_days.sql, applied after this file: the job
    -- only names the function). Hourly, so a missed run costs an hour, not a day.
    execute $sql$select cron.schedule('classpulse-roll-up-topic-days', '23 * * * *', 'select private.roll_up_topic_days()')$sql$;
    raise notice 'pg_cron job classpulse-roll-up-topic-days scheduled: private.roll_up_topic_days() at 23 minutes past every hour.';
  exception when others then
    raise notice 'pg_cron is listed but could not be used (%): enable pg_cron, then run the statements in README, "Retention".', sqlerrm;
  end;
end
$$;
