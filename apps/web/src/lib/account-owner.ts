import { useParams } from 'react-router';
import { useSession, type SessionUser } from './session.ts';

/** The logged-in user when the page's :username is theirs; pages redirect to / otherwise (SPEC). */
export function useAccountOwner(): SessionUser | null {
  const { username } = useParams();
  const user = useSession();
  return user && username === user.username ? user : null;
}
