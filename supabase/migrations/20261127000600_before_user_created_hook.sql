-- Only staff may teach: Supabase Auth's Before User Created hook. Auth calls this function (named
-- in supabase/config.toml, [auth.hook.before_user_created]) before it creates any user, as
-- supabase_auth_admin, with the event {metadata: {uuid, time, name, ip_address}, user: {id, email,
-- …}}. It answers {} to let the user be made, or {error: {http_code, message}} to refuse: Auth then
-- creates nothing, sends no e-mail, and answers that status with the message.
--
-- Let through: any address while private.staff_email_domains is empty (the local demo); an address
-- of a listed domain or of its subdomains; an address with a pending team invitation (the
-- invitation is the permission: its owner chose that person); an address of a domain a registered
-- learning platform is trusted for (private.lti_platforms.email_domains, the same rule). Everyone
-- else sees which domains ClassPulse here is for, and that students need no account.
-- docs/decisions/staff-domains.md.

create function public.hook_before_user_created(event jsonb)
returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  v_email text := pg_catalog.lower(pg_catalog.btrim(coalesce(event -> 'user' ->> 'email', '')));
  v_domain text;
  v_domains text[];
  v_count integer;
  v_list text;
begin
  select pg_catalog.array_agg(d.domain order by d.domain) into v_domains from private.staff_email_domains d;
  if v_domains is null then
    return '{}'::jsonb;
  end if;

  v_domain := case when pg_catalog.strpos(v_email, '@') > 0 then pg_catalog.regexp_replace(v_email, '^.*@', '') else '' end;
  if v_domain <> '' and (
       exists (select 1 from pg_catalog.unnest(v_domains) as s (domain)
               where v_domain = s.domain or pg_catalog.right(v_domain, pg_catalog.char_length(s.domain) + 1) = '.' || s.domain)
    or exists (select 1 from public.course_invitations i where i.email = v_email)
    or exists (select 1 from private.lti_platforms p, pg_catalog.unnest(p.email_domains) as t (domain)
               where v_domain = t.domain or pg_catalog.right(v_domain, pg_catalog.char_length(t.domain) + 1) = '.' || t.domain)
  ) then
    return '{}'::jsonb;
  end if;

  -- "a", "a and b", "a, b, and c": the list as English writes it (Intl.ListFormat's, which the app
  -- uses to write it again in the visitor's language).
  v_count := pg_catalog.cardinality(v_domains);
  v_list := case
    when v_count = 1 then v_domains[1]
    when v_count = 2 then v_domains[1] || ' and ' || v_domains[2]
    else pg_catalog.array_to_string(v_domains[1:v_count - 1], ', ') || ', and ' || v_domains[v_count]
  end;
  return pg_catalog.jsonb_build_object('error', pg_catalog.jsonb_build_object(
    'http_code', 403,
    'message', 'ClassPulse here is for staff of ' || v_list || '. Students never need to sign in: use the course search page.'
  ));
end;
$$;
comment on function public.hook_before_user_created(jsonb) is 'Supabase Auth''s Before User Created hook: lets only staff e-mail domains, team invitations and trusted LMS domains become professors.';

-- As Supabase's documentation for Postgres hooks says: Auth (supabase_auth_admin) alone may call it.
grant usage on schema public to supabase_auth_admin;
revoke execute on function public.hook_before_user_created(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.hook_before_user_created(jsonb) to supabase_auth_admin;
