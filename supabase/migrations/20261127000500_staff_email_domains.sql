-- Who may sign in as a professor: the e-mail domains (a university's `example.edu`, which also
-- covers `cs.example.edu`) whose addresses may get a ClassPulse account. App owners keep the list at
-- /admin through the three functions below; the Before User Created hook of Supabase Auth
-- (…_before_user_created_hook.sql) reads it. Empty, the default and the local demo's, means anyone.
-- The table stays in `private`, out of every API role's reach; its check constraint decides what a
-- domain is, and the functions check it first so that a refusal is a sentence the app translates.

create table private.staff_email_domains (
  -- Lower case, at least two labels: the same rule as private.lti_platforms.email_domains.
  domain text primary key check (char_length(domain) <= 253 and domain ~ '^[a-z0-9-]+(\.[a-z0-9-]+)+$'),
  created_at timestamptz not null default now()
);
comment on table private.staff_email_domains is 'The e-mail domains (subdomains included) whose addresses may become professors; empty means anyone. Read by the Before User Created auth hook.';

alter table private.staff_email_domains enable row level security;
revoke all on private.staff_email_domains from public, anon, authenticated;
grant all on private.staff_email_domains to service_role;

-- The list, for an app owner's /admin screen, alphabetically.
create function public.staff_email_domains()
returns table (domain text, created_at timestamptz)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not public.is_app_owner() then
    raise exception 'Only the app owner can do this' using errcode = '42501';
  end if;
  return query select d.domain, d.created_at from private.staff_email_domains d order by d.domain;
end;
$$;
comment on function public.staff_email_domains() is 'The e-mail domains whose addresses may become professors, for an app owner''s /admin screen.';
revoke execute on function public.staff_email_domains() from public, anon, authenticated, service_role;
grant execute on function public.staff_email_domains() to authenticated;

-- Adds a domain (trimmed, lower-cased); adding one already listed changes nothing. Returns it.
-- Not a domain: 22023 (400) with the /admin form's own message; more than 50: P0001 (400).
create function public.add_staff_email_domain(p_domain text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_domain text := pg_catalog.lower(pg_catalog.btrim(coalesce(p_domain, '')));
begin
  if not public.is_app_owner() then
    raise exception 'Only the app owner can do this' using errcode = '42501';
  end if;
  if pg_catalog.char_length(v_domain) > 253 or v_domain !~ '^[a-z0-9-]+(\.[a-z0-9-]+)+$' then
    raise exception 'Enter a domain like example.edu' using errcode = '22023';
  end if;
  -- One list for everyone: adds are serialised so that two at once cannot pass the limit together.
  lock table private.staff_email_domains in share row exclusive mode;
  if not exists (select 1 from private.staff_email_domains d where d.domain = v_domain)
     and (select pg_catalog.count(*) from private.staff_email_domains) >= 50 then
    raise exception 'At most 50 domains can be listed.';
  end if;
  insert into private.staff_email_domains (domain) values (v_domain) on conflict (domain) do nothing;
  return v_domain;
end;
$$;
comment on function public.add_staff_email_domain(text) is 'Adds an e-mail domain whose addresses may become professors, for an app owner (at most 50).';
revoke execute on function public.add_staff_email_domain(text) from public, anon, authenticated, service_role;
grant execute on function public.add_staff_email_domain(text) to authenticated;

-- Removes a domain; removing one that is not listed changes nothing. When the last one goes,
-- anyone may sign in again.
create function public.remove_staff_email_domain(p_domain text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_app_owner() then
    raise exception 'Only the app owner can do this' using errcode = '42501';
  end if;
  delete from private.staff_email_domains d where d.domain = pg_catalog.lower(pg_catalog.btrim(coalesce(p_domain, '')));
end;
$$;
comment on function public.remove_staff_email_domain(text) is 'Removes an e-mail domain from those whose addresses may become professors, for an app owner.';
revoke execute on function public.remove_staff_email_domain(text) from public, anon, authenticated, service_role;
grant execute on function public.remove_staff_email_domain(text) to authenticated;
