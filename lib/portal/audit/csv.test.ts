import { describe, expect, it } from 'vitest';
import { auditCsvFileName, csvCell, csvRecord } from './csv';

describe('csvCell', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvCell('Approve')).toBe('Approve');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('defuses cells a spreadsheet would run as formulas with a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('csvRecord', () => {
  it('joins cells with commas and ends the record with CRLF', () => {
    expect(csvRecord(['a', null, '=x', 'b,c'])).toBe('a,,\'=x,"b,c"\r\n');
  });
});

describe('auditCsvFileName', () => {
  it('names the company and the UTC date with file-safe characters only', () => {
    expect(auditCsvFileName('Zellwerk Nord GmbH & Co. KG', new Date('2026-11-23T23:59:00Z'))).toBe(
      'audit-zellwerk-nord-gmbh-co-kg-2026-11-23.csv',
    );
    expect(auditCsvFileName('電池', new Date('2026-11-23T00:00:00Z'))).toBe('audit-company-2026-11-23.csv');
  });
});
