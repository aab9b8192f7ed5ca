import Link from 'next/link';
import type { Operator } from '@/lib/portal/session';

/** What an editor or reviewer sees on an administrator's page: the reason and a way on, never the data. */
export function AdminOnly({ operator, what }: { operator: Operator; what: string }) {
  return (
    <>
      <h1>Administrators only</h1>
      <p>
        {what} are managed by your company&apos;s administrators. Your role ({operator.role}) does not include them; ask
        an administrator if you need a change.
      </p>
      <p>
        <Link href="/portal">Back to the dashboard</Link>
      </p>
    </>
  );
}
