import Link from 'next/link';

/** A portal address that names nothing of this company: no hint whether it exists elsewhere. */
export default function PortalNotFound() {
  return (
    <>
      <h1>Not found</h1>
      <p>
        There is nothing at this address in your company&apos;s portal. It may have been deleted, or the link is wrong.
      </p>
      <p>
        <Link href="/portal">Back to the dashboard</Link>
      </p>
    </>
  );
}
