// The functions' refusals by stable code, which the app translates (shared/errorMessage.ts). Apart
// from lib/schemas.ts so that the first screen's code, which reads errors, does not pull in zod.
export { identify, messageText, MESSAGES, type MessageCode, type MessageParams } from '../../../supabase/functions/_shared/messages';
