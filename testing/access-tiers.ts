import type { PoliRole } from '../lib/db/generated/enums';

/**
 * Art. 77(2) of Regulation (EU) 2023/1542, as the tests hold the code to it: the Annex XIII points each PoLI role
 * opens. Point (c) of the second subparagraph and point (a) of the third for the economic operators, point (b) of the
 * third for the purchaser, point (b) of the second for the authorities. The table is the law's, not the code's.
 */
export const ART_77_POINTS: { role: PoliRole; points: (2 | 3 | 4)[] }[] = [
  { role: 'REPAIRER', points: [2, 4] },
  { role: 'REMANUFACTURER', points: [2, 4] },
  { role: 'RECYCLER', points: [2, 4] },
  { role: 'SECOND_LIFE_OPERATOR', points: [2, 4] },
  { role: 'ECONOMIC_OPERATOR', points: [2, 4] },
  { role: 'PURCHASER', points: [4] },
  { role: 'NOTIFIED_BODY', points: [2, 3] },
  { role: 'MARKET_SURVEILLANCE_AUTHORITY', points: [2, 3] },
  { role: 'EUROPEAN_COMMISSION', points: [2, 3] },
];
