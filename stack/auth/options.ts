import type pg from 'pg';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface AuthOptions {
  /** Superuser pool to the database. */
  db: pg.Pool;
  /** HS256 secret shared with PostgREST and the gateway. */
  jwtSecret: string;
  /** Access-token lifetime in seconds. */
  jwtExpiry: number;
  /** External API base, e.g. http://127.0.0.1:54321; the issuer is apiUrl + '/auth/v1'. */
  apiUrl: string;
  /** Default redirect after a link is followed. */
  siteUrl: string;
  /** Redirect allow-list beside siteUrl, with Supabase's `*` / `**` globs. */
  additionalRedirectUrls: string[];
  otpLength: number;
  /** Seconds an e-mail code or link stays valid. */
  otpExpiry: number;
  sendMail(mail: OutgoingMail): Promise<void>;
  /**
   * config.toml's [auth.hook.before_user_created] uri when enabled (`pg-functions://…`): the
   * Postgres function called before any user is made (stack/auth/hooks.ts). Unset: no hook.
   */
  beforeUserCreatedHook?: string;
}
