import { msg } from '../../i18n/msg';
/** The seed's texts for professor pages (docs/product.md, Screen texts), in one place so screens and tests agree. */
export const AUTH_REQUIRED = {
  title: msg('Authentication Required'),
  description: msg('Please sign in with your professor account to access this page.'),
} as const;

/** The seed: the login redirect delay. */
export const LOGIN_REDIRECT_DELAY_MS = 1500;
