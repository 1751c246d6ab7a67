// The server's word for "today's class day of the course" (supabase/functions/_shared/today.ts).
export { TODAY_SESSION } from '../../../supabase/functions/_shared/today.ts';
