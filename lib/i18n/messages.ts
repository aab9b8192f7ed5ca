import bg from '../../messages/bg.json' with { type: 'json' };
import cs from '../../messages/cs.json' with { type: 'json' };
import da from '../../messages/da.json' with { type: 'json' };
import de from '../../messages/de.json' with { type: 'json' };
import el from '../../messages/el.json' with { type: 'json' };
import en from '../../messages/en.json' with { type: 'json' };
import es from '../../messages/es.json' with { type: 'json' };
import et from '../../messages/et.json' with { type: 'json' };
import fi from '../../messages/fi.json' with { type: 'json' };
import fr from '../../messages/fr.json' with { type: 'json' };
import ga from '../../messages/ga.json' with { type: 'json' };
import hr from '../../messages/hr.json' with { type: 'json' };
import hu from '../../messages/hu.json' with { type: 'json' };
import it from '../../messages/it.json' with { type: 'json' };
import lt from '../../messages/lt.json' with { type: 'json' };
import lv from '../../messages/lv.json' with { type: 'json' };
import mt from '../../messages/mt.json' with { type: 'json' };
import nl from '../../messages/nl.json' with { type: 'json' };
import pl from '../../messages/pl.json' with { type: 'json' };
import pt from '../../messages/pt.json' with { type: 'json' };
import ro from '../../messages/ro.json' with { type: 'json' };
import sk from '../../messages/sk.json' with { type: 'json' };
import sl from '../../messages/sl.json' with { type: 'json' };
import sv from '../../messages/sv.json' with { type: 'json' };
import type { Locale } from './locales';

/** The English messages: the reference every language file translates, key for key (a test checks it). */
export type Messages = typeof en;

/** Every language's reviewed message file (messages/<code>.json), bundled into the server. */
export const MESSAGES: Record<Locale, Messages> = {
  bg,
  cs,
  da,
  de,
  el,
  en,
  es,
  et,
  fi,
  fr,
  ga,
  hr,
  hu,
  it,
  lt,
  lv,
  mt,
  nl,
  pl,
  pt,
  ro,
  sk,
  sl,
  sv,
};
