import { useSession, worksTheDesk, type SessionUser } from '../../../lib/session.ts';

/** The logged-in admin or staff member; the admin layout renders its screens only for them. */
export function useAdminUser(): SessionUser {
  const user = useSession();
  if (!user || !worksTheDesk(user)) throw new Error('Admin screens render only inside the admin layout');
  return user;
}
