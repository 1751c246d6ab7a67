export { createAuthApp, type AuthOptions, type OutgoingMail } from './app.ts';
