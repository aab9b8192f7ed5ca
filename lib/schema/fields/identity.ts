// Field schemas derived from: Battery Pass consortium, Data Attribute Longlist v1.2 (CC BY 4.0).
// Passport identifier (row 1), serial/batch number and GTIN (row 2) are product columns, not form fields.
import { DATE, EMAIL_PATTERN, SHORT_TEXT, URL_FIELD, type FieldSpec } from './spec';

const MANUFACTURER_REF = { batteryPass: [4], regulation: 'Annex VI Part A (1); Art. 38(7)' };

export const IDENTITY_FIELDS: FieldSpec[] = [
  {
    id: 'manufacturer_name', label: 'Manufacturer name', ...SHORT_TEXT,
    access: 'public', group: 'manufacturer', dynamic: false, example: 'Voltaris Battery Systems GmbH',
    reference: MANUFACTURER_REF,
  },
  {
    id: 'manufacturer_identifier', label: 'Manufacturer registration number', ...SHORT_TEXT, maxLength: 100,
    access: 'public', group: 'manufacturer', dynamic: false, example: 'DE-BATT-21045567',
    reference: MANUFACTURER_REF,
    description: 'Producer register number (Art. 55) or another unique identifier of the manufacturer.',
  },
  {
    id: 'manufacturer_country', label: 'Manufacturer country', type: 'country', unit: null,
    access: 'public', group: 'manufacturer', dynamic: false, example: 'DE',
    reference: MANUFACTURER_REF,
  },
  {
    id: 'manufacturer_address', label: 'Manufacturer postal address', ...SHORT_TEXT, maxLength: 500,
    access: 'public', group: 'manufacturer', dynamic: false, example: 'Industriestraße 12, 38440 Wolfsburg, Germany',
    reference: MANUFACTURER_REF,
  },
  {
    id: 'manufacturer_email', label: 'Manufacturer contact email', type: 'string', unit: null, maxLength: 254,
    pattern: EMAIL_PATTERN,
    access: 'public', group: 'manufacturer', dynamic: false, example: 'battery-passport@voltaris.example',
    reference: MANUFACTURER_REF,
  },
  {
    id: 'manufacturer_website', label: 'Manufacturer website', ...URL_FIELD, mandate: 'never',
    access: 'public', group: 'manufacturer', dynamic: false, example: 'https://www.voltaris.example',
    reference: MANUFACTURER_REF,
  },
  {
    id: 'operator_name', label: 'Economic operator name', ...SHORT_TEXT,
    access: 'public', group: 'manufacturer', dynamic: false, example: 'Voltaris Mobility Europe B.V.',
    reference: { batteryPass: [3], regulation: 'ESPR Annex III (h)' },
    description: 'The economic operator placing the battery on the market, when it is not the manufacturer.',
  },
  {
    id: 'operator_identifier', label: 'Economic operator identifier', ...SHORT_TEXT, maxLength: 100,
    access: 'public', group: 'manufacturer', dynamic: false, example: 'NL823456789B01',
    reference: { batteryPass: [3], regulation: 'ESPR Annex III (h)' },
  },
  {
    id: 'model_number', label: 'Battery model', ...SHORT_TEXT, maxLength: 100, mandate: 'always',
    access: 'public', group: 'identity', dynamic: false, example: 'VX-NMC811-75',
    reference: { batteryPass: [], regulation: 'Art. 38(6); Annex VI Part A' },
    description: 'Type or model number printed on the battery; the individual serial number is a product column.',
  },
  {
    id: 'manufacturing_place', label: 'Manufacturing place', ...SHORT_TEXT,
    access: 'public', group: 'identity', dynamic: false, example: 'Salzgitter cell and pack plant',
    reference: { batteryPass: [5], regulation: 'Annex XIII (1)(a); Annex VI Part A (3)' },
  },
  {
    id: 'manufacturing_country', label: 'Manufacturing country', type: 'country', unit: null,
    access: 'public', group: 'identity', dynamic: false, example: 'DE',
    reference: { batteryPass: [5], regulation: 'Annex XIII (1)(a); Annex VI Part A (3)' },
  },
  {
    id: 'manufacturing_date', label: 'Manufacturing date', ...DATE,
    access: 'public', group: 'identity', dynamic: false, example: '2025-03-14',
    reference: { batteryPass: [6], regulation: 'Annex XIII (1)(a); Annex VI Part A (4)' },
  },
  {
    id: 'putting_into_service_date', label: 'Date of putting into service', ...DATE,
    access: 'legitimate_interest', group: 'identity', dynamic: false, example: '2025-05-02',
    reference: { batteryPass: [7], regulation: 'Annex VII Part B (1)' },
  },
  {
    id: 'warranty_period_months', label: 'Warranty period', type: 'integer', unit: 'months', min: 0, max: 600,
    access: 'public', group: 'identity', dynamic: false, example: 96,
    reference: { batteryPass: [8], regulation: 'Annex XIII (1)(m)' },
  },
  {
    id: 'battery_mass_kg', label: 'Battery mass', type: 'number', unit: 'kg', min: 0, max: 1_000_000,
    access: 'public', group: 'identity', dynamic: false, example: 450,
    reference: { batteryPass: [10], regulation: 'Annex XIII (1)(a); Annex VI Part A (5)' },
  },
  {
    id: 'battery_status', label: 'Battery status', type: 'enum', unit: null,
    options: [
      { value: 'original', label: 'Original' },
      { value: 'repurposed', label: 'Repurposed' },
      { value: 'reused', label: 'Re-used' },
      { value: 'remanufactured', label: 'Remanufactured' },
      { value: 'waste', label: 'Waste' },
    ],
    access: 'legitimate_interest', group: 'identity', dynamic: true, example: 'original',
    reference: { batteryPass: [11], regulation: 'Annex XIII (4)(c)' },
  },
];
