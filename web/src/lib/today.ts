// The server's word for "today's class day of the course", and which of its dates are class days
// (supabase/functions/_shared/today.ts).
export { TODAY_SESSION, isClassDate } from '../../../supabase/functions/_shared/today.ts';
