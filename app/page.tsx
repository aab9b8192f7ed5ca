import Link from 'next/link';
import { redirect } from 'next/navigation';
import { passportPath } from '@/lib/gs1/digital-link';
import { listDemoPassports, lookupOutcome } from '@/lib/server/landing';
import styles from './landing.module.css';

type Search = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function HomePage({ searchParams }: { searchParams: Promise<Search> }) {
  const params = await searchParams;
  const query = { gtin: one(params.gtin), serial: one(params.serial), passport: one(params.passport) };
  const outcome = lookupOutcome(query);
  if (outcome.kind === 'go') redirect(outcome.path);
  const refused = outcome.kind === 'refused' ? outcome : null;
  const demo = await listDemoPassports();

  return (
    <main>
      <h1>Battery Passport Service</h1>
      <p>
        Digital product passports for EV, LMT, industrial, SLI and portable batteries under EU Battery Regulation
        2023/1542. Scan a battery&apos;s QR code to open its passport, or look it up here.
      </p>

      <section aria-labelledby="lookup-heading" className={styles.lookup}>
        <h2 id="lookup-heading">Find a passport</h2>
        {refused && (
          <p role="alert" className={styles.error} id="lookup-error">
            {refused.message}
          </p>
        )}
        <form method="get" action="/" className={styles.form}>
          <fieldset>
            <legend>By GTIN and serial number (on the battery&apos;s label)</legend>
            <label>
              GTIN
              <input
                name="gtin"
                inputMode="numeric"
                autoComplete="off"
                defaultValue={query.passport ? '' : (query.gtin ?? '')}
                aria-invalid={refused?.field === 'gtin' || undefined}
                aria-describedby={refused?.field === 'gtin' ? 'lookup-error' : undefined}
              />
            </label>
            <label>
              Serial number
              <input
                name="serial"
                autoComplete="off"
                defaultValue={query.passport ? '' : (query.serial ?? '')}
                aria-invalid={refused?.field === 'serial' || undefined}
                aria-describedby={refused?.field === 'serial' ? 'lookup-error' : undefined}
              />
            </label>
            <button type="submit">Open passport</button>
          </fieldset>
        </form>
        <form method="get" action="/" className={styles.form}>
          <fieldset>
            <legend>By passport id or address</legend>
            <label>
              Passport id or address
              <input
                name="passport"
                autoComplete="off"
                defaultValue={query.passport ?? ''}
                aria-invalid={refused?.field === 'passport' || undefined}
                aria-describedby={refused?.field === 'passport' ? 'lookup-error' : undefined}
              />
            </label>
            <button type="submit">Open passport</button>
          </fieldset>
        </form>
      </section>

      {demo.length > 0 && (
        <section aria-labelledby="demo-heading">
          <h2 id="demo-heading">Demo passports</h2>
          <ul className={styles.demo}>
            {demo.map((p) => (
              <li key={p.slug}>
                <Link href={passportPath(p)}>{p.name}</Link> <span className="muted">{p.category}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="operators-heading">
        <h2 id="operators-heading">Operators</h2>
        <p>
          <Link href="/portal/sign-in">Sign in to the operator portal</Link> to author, review and publish passports.
          Integrators: the <Link href="/api/v1/openapi.json">Integration API&apos;s OpenAPI document</Link>.
        </p>
      </section>

      <p className="muted">
        Field schemas derive from the Battery Pass consortium&apos;s Data Attribute Longlist v1.2 (CC BY 4.0).{' '}
        <Link href="/api/health">Service health</Link>
      </p>
    </main>
  );
}
