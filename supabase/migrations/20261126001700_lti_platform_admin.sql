-- LTI 1.3: app owners register learning platforms from the site (/admin, "Learning platforms")
-- instead of by SQL. The table stays in `private`, out of every API role's reach: these security
-- definer functions are the only way in, each for an app owner alone (public.app_owners). The
-- table's check constraints still decide what a valid platform is (a violation is a 400).

-- Every registered platform, with how many LMS courses are linked through it, by name.
create function public.lti_platforms_admin()
returns table (
  id uuid,
  name text,
  issuer text,
  client_id text,
  deployment_ids text[],
  auth_login_url text,
  jwks_url text,
  token_url text,
  email_domains text[],
  created_at timestamptz,
  linked_courses integer
)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not public.is_app_owner() then
    raise exception 'Only an app owner can manage learning platforms' using errcode = '42501';
  end if;
  return query
    select p.id, p.name, p.issuer, p.client_id, p.deployment_ids, p.auth_login_url, p.jwks_url, p.token_url,
           p.email_domains, p.created_at,
           (select pg_catalog.count(*)::integer from private.lti_context_links l where l.platform_id = p.id)
    from private.lti_platforms p
    order by p.name, p.created_at;
end;
$$;
comment on function public.lti_platforms_admin() is 'The registered LTI platforms with their linked LMS course counts, for an app owner''s /admin screen.';
revoke execute on function public.lti_platforms_admin() from public, anon, authenticated, service_role;
grant execute on function public.lti_platforms_admin() to authenticated;

-- Registers a platform (p_id null) or changes one; returns its id. Values are trimmed, e-mail
-- domains lower-cased, empty lines dropped; an empty token URL is none. A duplicate issuer and
-- client id: 23505 (409); an unknown id: 'Platform not found' (PT404).
create function public.save_lti_platform(
  p_id uuid,
  p_name text,
  p_issuer text,
  p_client_id text,
  p_deployment_ids text[],
  p_auth_login_url text,
  p_jwks_url text,
  p_token_url text,
  p_email_domains text[]
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_deployments text[] := coalesce(
    (select pg_catalog.array_agg(pg_catalog.btrim(d) order by o)
     from pg_catalog.unnest(p_deployment_ids) with ordinality as u (d, o)
     where pg_catalog.btrim(d) <> ''), '{}');
  v_domains text[] := coalesce(
    (select pg_catalog.array_agg(pg_catalog.lower(pg_catalog.btrim(d)) order by o)
     from pg_catalog.unnest(p_email_domains) with ordinality as u (d, o)
     where pg_catalog.btrim(d) <> ''), '{}');
  v_token_url text := nullif(pg_catalog.btrim(p_token_url), '');
begin
  if not public.is_app_owner() then
    raise exception 'Only an app owner can manage learning platforms' using errcode = '42501';
  end if;
  begin
    if p_id is null then
      insert into private.lti_platforms
        (name, issuer, client_id, deployment_ids, auth_login_url, jwks_url, token_url, email_domains)
      values (pg_catalog.btrim(coalesce(p_name, '')), pg_catalog.btrim(p_issuer), pg_catalog.btrim(p_client_id),
              v_deployments, pg_catalog.btrim(p_auth_login_url), pg_catalog.btrim(p_jwks_url), v_token_url, v_domains)
      returning id into v_id;
    else
      update private.lti_platforms p
      set name = pg_catalog.btrim(coalesce(p_name, '')),
          issuer = pg_catalog.btrim(p_issuer),
          client_id = pg_catalog.btrim(p_client_id),
          deployment_ids = v_deployments,
          auth_login_url = pg_catalog.btrim(p_auth_login_url),
          jwks_url = pg_catalog.btrim(p_jwks_url),
          token_url = v_token_url,
          email_domains = v_domains
      where p.id = p_id
      returning p.id into v_id;
      if v_id is null then
        raise exception 'Platform not found' using errcode = 'PT404';
      end if;
    end if;
  exception when unique_violation then
    raise exception 'This issuer and client id are already registered.' using errcode = '23505';
  end;
  return v_id;
end;
$$;
comment on function public.save_lti_platform(uuid, text, text, text, text[], text, text, text, text[]) is 'Registers (no id) or changes an LTI platform, for an app owner; the table''s constraints check the values.';
revoke execute on function public.save_lti_platform(uuid, text, text, text, text[], text, text, text, text[]) from public, anon, authenticated, service_role;
grant execute on function public.save_lti_platform(uuid, text, text, text, text[], text, text, text, text[]) to authenticated;

-- Removes a platform, and with it its LMS course links and pending link requests (on delete
-- cascade): its launches are refused from then on. An unknown id: 'Platform not found' (PT404).
create function public.remove_lti_platform(p_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_app_owner() then
    raise exception 'Only an app owner can manage learning platforms' using errcode = '42501';
  end if;
  delete from private.lti_platforms p where p.id = p_id;
  if not found then
    raise exception 'Platform not found' using errcode = 'PT404';
  end if;
end;
$$;
comment on function public.remove_lti_platform(uuid) is 'Removes an LTI platform and its LMS course links, for an app owner.';
revoke execute on function public.remove_lti_platform(uuid) from public, anon, authenticated, service_role;
grant execute on function public.remove_lti_platform(uuid) to authenticated;
