import Link from 'next/link';

export default function HomePage() {
  return (
    <main>
      <h1>Battery Passport Service</h1>
      <p>
        Digital product passports for EV, LMT, industrial, SLI and portable batteries under EU Battery Regulation
        2023/1542. Scan a battery&apos;s QR code to open its passport.
      </p>
      <ul>
        <li>
          <Link href="/api/health">Service health</Link>
        </li>
      </ul>
      <p className="muted">
        Field schemas derive from the Battery Pass consortium&apos;s Data Attribute Longlist v1.2 (CC BY 4.0).
      </p>
    </main>
  );
}
