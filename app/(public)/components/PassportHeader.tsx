import type { PublicPassport } from '@/lib/passport/public/representations';
import { CATEGORY_INFO, isBatteryCategory } from '@/lib/schema/categories';
import styles from './viewer.module.css';

/** Who made what, in which state and version: the first thing a person scanning the battery reads. */
export function PassportHeader({ passport, status }: { passport: PublicPassport; status: 'published' | 'withdrawn' }) {
  const { product, dpp } = passport;
  const category = isBatteryCategory(dpp.batteryCategory)
    ? CATEGORY_INFO[dpp.batteryCategory].name
    : dpp.batteryCategory;
  const manufacturer = typeof dpp.manufacturer.name === 'string' ? dpp.manufacturer.name : product.companyName;
  return (
    <header className={styles.header}>
      <p className={styles.kicker}>Battery passport</p>
      <h1>{product.name}</h1>
      <dl className={styles.summary}>
        <div>
          <dt>Category</dt>
          <dd>{category}</dd>
        </div>
        <div>
          <dt>Manufacturer</dt>
          <dd>{manufacturer}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={status === 'withdrawn' ? styles.badgeWithdrawn : styles.badgePublished}>
              {status === 'withdrawn' ? 'Withdrawn' : 'Published'}
            </span>
          </dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>{dpp.version}</dd>
        </div>
      </dl>
      {dpp.model ? (
        <p data-testid="built-on-model">
          Built on model <a href={`/dpp/${encodeURIComponent(dpp.model.slug)}`}>{dpp.model.name}</a>, version{' '}
          {dpp.model.version}
        </p>
      ) : null}
    </header>
  );
}
