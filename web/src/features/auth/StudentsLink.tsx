import { Link as RouterLink } from 'react-router';

/** The sign-in pages' word to students, who need no account: a link to the course search. */
export function StudentsLink({ children }: { children: string }) {
  return (
    <RouterLink to="/course-search" style={{ textDecoration: 'underline' }}>
      {children}
    </RouterLink>
  );
}
