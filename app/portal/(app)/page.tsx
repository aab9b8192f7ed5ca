import type { Metadata } from 'next';
import { requireOperator } from '@/lib/portal/session';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  const operator = await requireOperator();
  return (
    <>
      <h1>Dashboard</h1>
      <p>Signed in as {operator.email}.</p>
    </>
  );
}
