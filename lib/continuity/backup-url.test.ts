import { describe, expect, it } from 'vitest';
import { ServiceError } from '../errors';
import { parseBackupUrl } from './backup-url';

describe('parseBackupUrl', () => {
  it('keeps an https address without its trailing slashes, so a passport path can follow it', () => {
    expect(parseBackupUrl(' https://Archive.Example.org/ ')).toBe('https://archive.example.org');
    expect(parseBackupUrl('https://archive.example.org/acme//')).toBe('https://archive.example.org/acme');
    expect(parseBackupUrl('https://archive.example.org:8443/a/b')).toBe('https://archive.example.org:8443/a/b');
  });

  it.each([
    ['', /at most 2048 characters/],
    ['x'.repeat(2049), /at most 2048 characters/],
    ['archive.example.org', /is not a URL/],
    ['http://archive.example.org', /must be an https URL/],
    ['ftp://archive.example.org', /must be an https URL/],
    ['https://u:p@archive.example.org', /must not carry credentials/],
    ['https://archive.example.org/?a=1', /no query and no fragment/],
    ['https://archive.example.org/?', /no query and no fragment/],
    ['https://archive.example.org/#top', /no query and no fragment/],
  ])('refuses %j with VALIDATION_ERROR naming backupUrl', (raw, message) => {
    let caught: unknown;
    try {
      parseBackupUrl(raw);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ServiceError);
    expect((caught as ServiceError).code).toBe('VALIDATION_ERROR');
    expect((caught as ServiceError).message).toMatch(message);
    expect((caught as ServiceError).options.details).toEqual({ fields: { backupUrl: expect.any(String) } });
  });
});
