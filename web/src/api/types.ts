/** Response shapes of the seed's /api routes, in the seed's camelCase. */

export interface Course {
  id: string;
  code: string;
  name: string;
}

export interface AuthUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}
