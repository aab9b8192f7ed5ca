// Field schemas derived from: Battery Pass consortium, Data Attribute Longlist v1.2 (CC BY 4.0).
import type { FieldDefinition } from '@/lib/schema/types';
import { type FieldSpec, LONG_TEXT, URL_FIELD } from './spec';

const DISMANTLING_REF = { batteryPass: [36], regulation: 'Annex XIII (2)(c)' };
const document = (d: Omit<FieldDefinition, 'access' | 'group' | 'dynamic' | 'reference'>): FieldDefinition => ({
  ...d,
  access: 'legitimate_interest',
  group: 'endOfLife',
  dynamic: false,
  reference: DISMANTLING_REF,
});

const DOCUMENT_TYPES = [
  { value: 'dismantling_manual', label: 'Dismantling manual' },
  { value: 'removal_manual', label: 'Removal manual' },
  { value: 'bill_of_material', label: 'Bill of material' },
  { value: 'exploded_drawing', label: 'Exploded drawing' },
  { value: 'model_3d', label: '3D model' },
  { value: 'other', label: 'Other' },
];

const END_USER_INFO = 'Art. 74(1)';

export const END_OF_LIFE_FIELDS: FieldSpec[] = [
  {
    id: 'dismantling_documents',
    label: 'Dismantling and removal information',
    type: 'array',
    unit: null,
    maxLength: 50,
    items: [
      document({
        id: 'document_type',
        label: 'Document type',
        type: 'enum',
        unit: null,
        mandated: true,
        options: DOCUMENT_TYPES,
        example: 'dismantling_manual',
      }),
      document({
        id: 'url',
        label: 'Document address',
        type: 'url',
        unit: null,
        mandated: true,
        maxLength: 2048,
        example: 'https://www.voltaris.example/restricted/manuals/vx75-dismantling.pdf',
      }),
      document({
        id: 'title',
        label: 'Title',
        type: 'string',
        unit: null,
        mandated: false,
        maxLength: 200,
        example: 'VX-NMC811-75 pack dismantling manual',
      }),
    ],
    access: 'legitimate_interest',
    group: 'endOfLife',
    dynamic: false,
    example: [
      {
        document_type: 'dismantling_manual',
        url: 'https://www.voltaris.example/restricted/manuals/vx75-dismantling.pdf',
        title: 'VX-NMC811-75 pack dismantling manual',
      },
      { document_type: 'bill_of_material', url: 'https://www.voltaris.example/restricted/manuals/vx75-bom.pdf' },
    ],
    reference: DISMANTLING_REF,
  },
  {
    id: 'component_part_numbers_url',
    label: 'Part numbers for components',
    ...URL_FIELD,
    access: 'legitimate_interest',
    group: 'endOfLife',
    dynamic: false,
    example: 'https://www.voltaris.example/restricted/parts/vx75-part-numbers.pdf',
    reference: { batteryPass: [37], regulation: 'Annex XIII (2)(b)' },
  },
  {
    id: 'spare_parts_sources',
    label: 'Sources of spare parts',
    ...LONG_TEXT,
    maxLength: 2000,
    access: 'legitimate_interest',
    group: 'endOfLife',
    dynamic: false,
    example: 'Voltaris service parts, parts@voltaris.example, https://parts.voltaris.example',
    reference: { batteryPass: [38], regulation: 'Annex XIII (2)(b)' },
  },
  {
    id: 'safety_measures_url',
    label: 'Safety measures',
    ...URL_FIELD,
    access: 'legitimate_interest',
    group: 'endOfLife',
    dynamic: false,
    example: 'https://www.voltaris.example/restricted/safety/vx75-safety-instructions.pdf',
    reference: { batteryPass: [39], regulation: 'Annex XIII (2)(d); Art. 74(2)' },
  },
  {
    id: 'waste_prevention_info_url',
    label: 'Role of end-users in waste prevention',
    ...URL_FIELD,
    access: 'public',
    group: 'endOfLife',
    dynamic: false,
    example: 'https://www.voltaris.example/end-of-life/waste-prevention',
    reference: { batteryPass: [49], regulation: `${END_USER_INFO}(a)` },
  },
  {
    id: 'separate_collection_info_url',
    label: 'Role of end-users in separate collection',
    ...URL_FIELD,
    access: 'public',
    group: 'endOfLife',
    dynamic: false,
    example: 'https://www.voltaris.example/end-of-life/separate-collection',
    reference: { batteryPass: [50], regulation: `${END_USER_INFO}(b)` },
  },
  {
    id: 'collection_second_life_info_url',
    label: 'Collection, second life and end-of-life treatment',
    ...URL_FIELD,
    access: 'public',
    group: 'endOfLife',
    dynamic: false,
    example: 'https://www.voltaris.example/end-of-life/collection-and-second-life',
    reference: { batteryPass: [51], regulation: `${END_USER_INFO}(c)` },
  },
  {
    id: 'second_life_information',
    label: 'Second life and repurposing information',
    ...LONG_TEXT,
    mandate: 'never',
    access: 'public',
    group: 'endOfLife',
    dynamic: false,
    example:
      'Packs above 70 % state of health can be repurposed as stationary storage modules; contact the ' +
      'manufacturer for module-level data.',
    reference: { batteryPass: [51], regulation: `${END_USER_INFO}(c)` },
  },
];
