/** The light pages' requests to the API, made as the app's façade makes them (web/src/shared/api/). */
import { apiConfig } from '../lib/config';
import { isUuid, submissionIdOf } from '../lib/ids';
import type { Course } from '../shared/api/get-course';
import type { OwnSubmission } from '../shared/api/get-own-submission';

export const API_KEYS = {
  apikey: apiConfig.supabaseAnonKey,
  authorization: `Bearer ${apiConfig.supabaseAnonKey}`,
};

/** A public read as the façade makes it, answered as JSON; anything else is a failure. */
export async function read<T>(path: string, headers?: Record<string, string>): Promise<T> {
  const url = new URL(`${apiConfig.supabaseUrl}${path}`);
  // The key in the query (as Supabase's gateway takes it) where nothing else needs a header: no CORS preflight.
  if (!headers) url.searchParams.set('apikey', apiConfig.supabaseAnonKey);
  const response = await fetch(url, headers ? { headers: { ...API_KEYS, ...headers } } : undefined);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** A course's code and name by its id, as the façade reads it (shared/api/get-course.ts); undefined for none. */
export const readCourse = (id: string) =>
  read<Course[]>(`/rest/v1/courses?select=id,code,name&id=eq.${encodeURIComponent(id)}`).then((found) => found[0]);

/** What a private link's token opens: the submission, none (refused or malformed: 404), or no answer. */
export type OwnRead = { state: 'found'; submission: OwnSubmission } | { state: 'removed' } | { state: 'unreachable' };

/**
 * The façade's read of a student's own submission (shared/api/get-own-submission.ts), with the
 * same request: `GET submissions/{id}` with the token as `x-edit-token`. A token that names no
 * submission is "removed" without asking, as there.
 */
export async function readOwnSubmission(token: string): Promise<OwnRead> {
  const id = submissionIdOf(token);
  if (!isUuid(id)) return { state: 'removed' };
  try {
    const response = await fetch(`${apiConfig.supabaseUrl}/functions/v1/submissions/${id}`, {
      headers: { ...API_KEYS, 'x-edit-token': token },
    });
    if (response.status === 404) return { state: 'removed' };
    if (!response.ok) return { state: 'unreachable' };
    return { state: 'found', submission: (await response.json()) as OwnSubmission };
  } catch {
    return { state: 'unreachable' };
  }
}
