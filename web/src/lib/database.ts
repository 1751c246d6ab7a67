// The one place the web client reaches into supabase/: the types generated from the migrations
// (`npm run gen:types`), so every PostgREST call below is checked against the real schema.
export type { Database, Json } from '../../../supabase/functions/_shared/database.types';
