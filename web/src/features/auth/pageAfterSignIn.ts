/**
 * Where to go once signed in: the professor page a sign-in link named (`?next=`, as an LMS launch
 * sets it), else Course Management. Only professor paths of this site are followed.
 */
export function pageAfterSignIn(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return /^\/professor(\/[\w\-/]*)?(\?[\w\-=&%.~]*)?$/.test(next) ? next : '/professor';
}
