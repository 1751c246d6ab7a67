-- The old single check question's answers (…_follow_up_checks.sql) are no longer shown: their
-- before/after compared two different questions (docs/decisions/follow-up-checks.md), and such a
-- note now says "No comparison available (asked before controls existed)". Nothing reads them, so
-- they are not kept: a privacy-first product stores no answer it never uses.
drop table public.follow_up_answers;
drop function private.follow_up_answers_before_insert();
