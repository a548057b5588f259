import { useAnnouncements } from '../../lib/announce.ts';

export function Announcer() {
  const { polite, assertive } = useAnnouncements();
  return (
    <div className="visually-hidden">
      <div role="status" aria-live="polite" aria-atomic="true">{polite}</div>
      <div role="alert" aria-live="assertive" aria-atomic="true">{assertive}</div>
    </div>
  );
}
