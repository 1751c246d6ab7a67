-- Writes the term report's per-session roll-ups (private.roll_up_sessions, …_session_rollups.sql)
-- every hour with pg_cron where the database has it, as …_retention_schedule.sql does for the other
-- roll-up: a session that ended since the last run is computed from its responses until then, so a
-- missed run costs speed, never a wrong figure. The local stack's embedded Postgres has no pg_cron:
-- there this only says so, and the stack's hourly timer runs the same call (stack/retention.ts).
do $$
begin
  if not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available in this database: term report roll-ups are not written on a schedule here (the local stack runs private.roll_up_sessions() itself).';
    return;
  end if;
  begin
    create extension if not exists pg_cron with schema pg_catalog;
    execute $sql$select cron.schedule('classpulse-roll-up-sessions', '29 * * * *', 'select private.roll_up_sessions()')$sql$;
    raise notice 'pg_cron job classpulse-roll-up-sessions scheduled: private.roll_up_sessions() at 29 minutes past every hour.';
  exception when others then
    raise notice 'pg_cron is listed but could not be used (%): enable pg_cron, then run the statements in docs/deploying.md, "Retention".', sqlerrm;
  end;
end
$$;
