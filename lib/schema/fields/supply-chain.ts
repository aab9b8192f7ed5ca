// Field schemas derived from: Battery Pass consortium, Data Attribute Longlist v1.2 (CC BY 4.0).
import { type FieldSpec, LONG_TEXT, SHORT_TEXT, URL_FIELD } from './spec';

export const SUPPLY_CHAIN_FIELDS: FieldSpec[] = [
  {
    id: 'due_diligence_report_url',
    label: 'Supply chain due diligence report',
    ...URL_FIELD,
    access: 'public',
    group: 'supplyChain',
    dynamic: false,
    example: 'https://www.voltaris.example/sustainability/due-diligence-report-2024.pdf',
    reference: { batteryPass: [28], regulation: 'Art. 52(3)' },
  },
  {
    id: 'responsible_sourcing_summary',
    label: 'Responsible sourcing summary',
    ...LONG_TEXT,
    mandate: 'never',
    access: 'public',
    group: 'supplyChain',
    dynamic: false,
    example:
      'Cobalt, lithium, nickel and natural graphite are sourced from smelters and refiners audited ' +
      'against the OECD Due Diligence Guidance; risk management plan reviewed annually.',
    reference: { batteryPass: [28], regulation: 'Art. 52(3)' },
  },
  {
    id: 'third_party_assurance_schemes',
    label: 'Third-party assurance schemes',
    ...SHORT_TEXT,
    maxLength: 1000,
    access: 'public',
    group: 'supplyChain',
    dynamic: false,
    example: 'RMI Responsible Minerals Assurance Process; IRMA Standard for Responsible Mining',
    reference: { batteryPass: [29], regulation: 'Art. 49(d)' },
  },
  {
    id: 'third_party_verification_url',
    label: 'Third-party verification report',
    ...URL_FIELD,
    access: 'public',
    group: 'supplyChain',
    dynamic: false,
    example: 'https://www.voltaris.example/sustainability/third-party-verification-2024.pdf',
    reference: { batteryPass: [29], regulation: 'Art. 49(d); Art. 52(3)' },
  },
];
