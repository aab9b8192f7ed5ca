// Field schemas derived from: Battery Pass consortium, Data Attribute Longlist v1.2 (CC BY 4.0).
import { type FieldSpec, PERCENT } from './spec';

type Material = 'cobalt' | 'lithium' | 'nickel' | 'lead';
const NAMES: Record<Material, string> = { cobalt: 'Cobalt', lithium: 'Lithium', nickel: 'Nickel', lead: 'Lead' };

// Battery Pass rows (pre-consumer, post-consumer) and example shares of an NMC 811 EV pack.
const MATERIALS: [Material, number, number, number, number][] = [
  ['cobalt', 41, 45, 4, 12],
  ['lithium', 42, 46, 1, 5],
  ['nickel', 40, 44, 2, 6],
  ['lead', 43, 47, 0, 0],
];

const recycledShare = (material: Material, stage: 'pre' | 'post', row: number, example: number): FieldSpec => ({
  id: `recycled_${material}_${stage}_consumer_pct`,
  label: `${stage === 'pre' ? 'Pre' : 'Post'}-consumer recycled ${NAMES[material].toLowerCase()} share`,
  ...PERCENT,
  access: 'public',
  group: 'recycledContent',
  dynamic: false,
  example,
  reference: { batteryPass: [row], regulation: 'Annex XIII (1)(e); Art. 8(1)' },
});

export const RECYCLED_CONTENT_FIELDS: FieldSpec[] = [
  ...MATERIALS.flatMap(([m, preRow, postRow, pre, post]) => [
    recycledShare(m, 'pre', preRow, pre),
    recycledShare(m, 'post', postRow, post),
  ]),
  {
    id: 'renewable_content_pct',
    label: 'Renewable content share',
    ...PERCENT,
    access: 'public',
    group: 'recycledContent',
    dynamic: false,
    example: 3,
    reference: { batteryPass: [48], regulation: 'Annex XIII (1)(f)' },
  },
];
