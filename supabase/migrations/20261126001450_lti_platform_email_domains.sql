-- Which instructors a platform may sign in. A launch carries the e-mail the platform vouches for,
-- and signing someone in from it hands the platform that account, so a platform is trusted only
-- for the e-mail domains its registration lists (a university's Canvas for `state.edu`, which also
-- covers `cs.state.edu`). Outside them a launch signs in only an account that already teaches the
-- course the LMS course is linked to, as before. Empty (the default): no new sign-ins.
alter table private.lti_platforms
  add column email_domains text[] not null default '{}'
    check (array_position(email_domains, null) is null
       and cardinality(email_domains) <= 50
       and array_to_string(email_domains, ' ') ~ '^([a-z0-9-]+(\.[a-z0-9-]+)+( |$))*$');
comment on column private.lti_platforms.email_domains is 'Lower-case e-mail domains (subdomains included) whose instructors a launch from this platform may sign in, create an account for, link a course for or add to a team.';
