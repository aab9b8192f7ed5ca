import a from '@/app/portal/components/admin.module.css';
import s from '@/app/portal/portal.module.css';
import { FieldError } from '../../components/ActionForm';

/** Mode, lifetime and address allow-list: the same for ordinary and admin keys. */
export function KeyOptionFields({ maxDays }: { maxDays: number }) {
  return (
    <>
      <fieldset aria-describedby="mode-error">
        <legend>Mode</legend>
        <label className={s.checkbox}>
          <input type="radio" name="mode" value="live" defaultChecked />{' '}
          <span>
            Live (<code>pk_live_</code>): real passports
          </span>
        </label>
        <label className={s.checkbox}>
          <input type="radio" name="mode" value="test" />{' '}
          <span>
            Sandbox (<code>pk_test_</code>): throwaway test data, sends <code>X-Service-Mode: test</code>
          </span>
        </label>
        <FieldError name="mode" />
      </fieldset>
      <div className={a.field}>
        <label>
          Expires after (days)
          <input
            name="expiresInDays"
            type="number"
            min={1}
            max={maxDays}
            step={1}
            inputMode="numeric"
            aria-describedby="expiresInDays-hint expiresInDays-error"
          />
        </label>
        <span id="expiresInDays-hint" className={a.hint}>
          Optional: 1 to {maxDays} days; empty means 365.
        </span>
        <FieldError name="expiresInDays" />
      </div>
      <AllowedCidrsField />
    </>
  );
}

/** The key's name, when minted and when changed. */
export function KeyNameField({ defaultValue }: { defaultValue?: string }) {
  return (
    <div className={a.field}>
      <label>
        Name
        <input
          name="name"
          required
          maxLength={100}
          defaultValue={defaultValue}
          autoComplete="off"
          aria-describedby="name-error"
        />
      </label>
      <FieldError name="name" />
    </div>
  );
}

/** The address allow-list, when minted and when changed. */
export function AllowedCidrsField({ defaultValue }: { defaultValue?: string }) {
  return (
    <div className={a.field}>
      <label>
        Allowed addresses (CIDR)
        <textarea
          name="allowedCidrs"
          rows={3}
          spellCheck={false}
          defaultValue={defaultValue}
          aria-describedby="allowedCidrs-hint allowedCidrs-error"
        />
      </label>
      <span id="allowedCidrs-hint" className={a.hint}>
        Optional: one IPv4 or IPv6 range per line (e.g. 203.0.113.0/24); requests from elsewhere are refused. Empty
        means any address.
      </span>
      <FieldError name="allowedCidrs" />
    </div>
  );
}
