// Field schemas derived from: Battery Pass consortium, Data Attribute Longlist v1.2 (CC BY 4.0).
import { BOOLEAN, LONG_TEXT, SHORT_TEXT, URL_FIELD, type FieldSpec } from './spec';

export const COMPLIANCE_FIELDS: FieldSpec[] = [
  {
    id: 'separate_collection_symbol', label: 'Separate collection symbol applied', ...BOOLEAN,
    access: 'public', group: 'compliance', dynamic: false, example: true,
    reference: { batteryPass: [12], regulation: 'Annex XIII (1)(s); Art. 13(4); Annex VI Part B' },
  },
  {
    id: 'cadmium_symbol', label: 'Cadmium symbol applied', ...BOOLEAN,
    access: 'public', group: 'compliance', dynamic: false, example: false,
    reference: { batteryPass: [13], regulation: 'Annex XIII (1)(s); Art. 13(5)' },
    description: 'Required when the battery contains more than 0.002 % cadmium by weight.',
  },
  {
    id: 'lead_symbol', label: 'Lead symbol applied', ...BOOLEAN,
    access: 'public', group: 'compliance', dynamic: false, example: false,
    reference: { batteryPass: [13], regulation: 'Annex XIII (1)(s); Art. 13(5)' },
    description: 'Required when the battery contains more than 0.004 % lead by weight.',
  },
  {
    id: 'extinguishing_agent', label: 'Usable extinguishing agent', ...SHORT_TEXT, maxLength: 500,
    access: 'public', group: 'compliance', dynamic: false, example: 'Water in large quantities; class D powder for cells',
    reference: { batteryPass: [15], regulation: 'Annex VI Part A (9)' },
  },
  {
    id: 'label_symbols_meaning', label: 'Meaning of labels and symbols', ...LONG_TEXT,
    access: 'public', group: 'compliance', dynamic: false,
    example: 'Crossed-out wheeled bin: collect separately from household waste. CE: conforms to EU law.',
    reference: { batteryPass: [16], regulation: 'Annex XIII (1)(s); Art. 74(1)(e)' },
  },
  {
    id: 'eu_declaration_of_conformity_url', label: 'EU declaration of conformity', ...URL_FIELD,
    access: 'public', group: 'compliance', dynamic: false,
    example: 'https://www.voltaris.example/compliance/doc-vx-nmc811-75.pdf',
    reference: { batteryPass: [17], regulation: 'Annex XIII (1)(r); Art. 18; Annex IX' },
  },
  {
    id: 'eu_declaration_of_conformity_id', label: 'EU declaration of conformity number', ...SHORT_TEXT,
    maxLength: 100, mandate: 'never',
    access: 'public', group: 'compliance', dynamic: false, example: 'DoC-VX-2025-0042',
    reference: { batteryPass: [17], regulation: 'Annex XIII (1)(r); Art. 18; Annex IX' },
  },
  {
    id: 'ce_marking', label: 'CE marking affixed', ...BOOLEAN, mandate: 'always',
    access: 'public', group: 'compliance', dynamic: false, example: true,
    reference: { batteryPass: [], regulation: 'Art. 19; Art. 20' },
  },
  {
    id: 'test_reports', label: 'Test reports proving compliance', type: 'array', unit: null, maxLength: 50,
    items: [
      {
        id: 'title', label: 'Title', type: 'string', unit: null, mandated: true, maxLength: 200,
        access: 'authority', group: 'compliance', dynamic: false, example: 'UN 38.3 transport test report',
        reference: { batteryPass: [18], regulation: 'Annex XIII (3)' },
      },
      {
        id: 'url', label: 'Document address', type: 'url', unit: null, mandated: true, maxLength: 2048,
        access: 'authority', group: 'compliance', dynamic: false,
        example: 'https://www.voltaris.example/restricted/reports/un38-3-vx75.pdf',
        reference: { batteryPass: [18], regulation: 'Annex XIII (3)' },
      },
      {
        id: 'issued_on', label: 'Issue date', type: 'date', unit: null, mandated: false,
        access: 'authority', group: 'compliance', dynamic: false, example: '2025-01-20',
        reference: { batteryPass: [18], regulation: 'Annex XIII (3)' },
      },
    ],
    access: 'authority', group: 'compliance', dynamic: false,
    example: [
      {
        title: 'UN 38.3 transport test report',
        url: 'https://www.voltaris.example/restricted/reports/un38-3-vx75.pdf',
        issued_on: '2025-01-20',
      },
      {
        title: 'IEC 62660-2 reliability and abuse test report',
        url: 'https://www.voltaris.example/restricted/reports/iec62660-2-vx75.pdf',
        issued_on: '2025-02-11',
      },
    ],
    reference: { batteryPass: [18], regulation: 'Annex XIII (3); Annex VIII Part A (2)(h)' },
  },
];
