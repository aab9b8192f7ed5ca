import Link from 'next/link';

export default function NotFound() {
  return (
    <main>
      <h1>Passport not found</h1>
      <p>There is no published battery passport at this address. Check the code on the battery and try again.</p>
      <p>
        <Link href="/">Battery Passport Service</Link>
      </p>
    </main>
  );
}
