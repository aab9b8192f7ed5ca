import s from '../portal.module.css';

/** The confirmation every consequential action asks for: a required box, checked again on the server. */
export function ConfirmField({ children }: { children: React.ReactNode }) {
  return (
    <label className={s.checkbox}>
      <input type="checkbox" name="confirm" value="yes" required />
      <span>{children}</span>
    </label>
  );
}
