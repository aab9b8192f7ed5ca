import a from '@/app/portal/components/admin.module.css';
import s from '@/app/portal/portal.module.css';
import { slotted } from '@/lib/portal/admin/slots';
import { portalT } from '@/lib/portal/i18n';
import { FieldError } from '../../components/ActionForm';

/** Mode, lifetime and address allow-list: the same for ordinary and admin keys. */
export async function KeyOptionFields({ maxDays }: { maxDays: number }) {
  const t = await portalT('admin');
  return (
    <>
      <fieldset aria-describedby="mode-error">
        <legend>{t('keyForm.mode')}</legend>
        <label className={s.checkbox}>
          <input type="radio" name="mode" value="live" defaultChecked />{' '}
          <span>{slotted((m) => t('keyForm.live', m), { prefix: <code>pk_live_</code> })}</span>
        </label>
        <label className={s.checkbox}>
          <input type="radio" name="mode" value="test" />{' '}
          <span>
            {slotted((m) => t('keyForm.test', m), {
              prefix: <code>pk_test_</code>,
              header: <code>X-Service-Mode: test</code>,
            })}
          </span>
        </label>
        <FieldError name="mode" />
      </fieldset>
      <div className={a.field}>
        <label>
          {t('keyForm.expires')}
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
          {t('keyForm.expiresHint', { max: maxDays })}
        </span>
        <FieldError name="expiresInDays" />
      </div>
      <AllowedCidrsField />
    </>
  );
}

/** The key's name, when minted and when changed. */
export async function KeyNameField({ defaultValue }: { defaultValue?: string }) {
  const t = await portalT('admin');
  return (
    <div className={a.field}>
      <label>
        {t('keyForm.name')}
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
export async function AllowedCidrsField({ defaultValue }: { defaultValue?: string }) {
  const t = await portalT('admin');
  return (
    <div className={a.field}>
      <label>
        {t('keyForm.cidrs')}
        <textarea
          name="allowedCidrs"
          rows={3}
          spellCheck={false}
          defaultValue={defaultValue}
          aria-describedby="allowedCidrs-hint allowedCidrs-error"
        />
      </label>
      <span id="allowedCidrs-hint" className={a.hint}>
        {t('keyForm.cidrsHint')}
      </span>
      <FieldError name="allowedCidrs" />
    </div>
  );
}
