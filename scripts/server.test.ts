import { describe, expect, it } from 'vitest';
import { nextHostname, undecodablePath } from './server';

describe('undecodablePath', () => {
  it('names a path whose percent escapes are not UTF-8, which the router cannot route', () => {
    expect(undecodablePath('/api/v1/products/%FF%FE')).toBe('/api/v1/products/%FF%FE');
    expect(undecodablePath('/api/dpp/%ED%A0%80?x=1')).toBe('/api/dpp/%ED%A0%80');
    expect(undecodablePath('/api/dpp/50%')).toBe('/api/dpp/50%');
  });

  it('leaves every decodable path to the router, escapes and query included', () => {
    expect(undecodablePath('/01/09506000134352/21/SN%2F1%C3%A9?linkType=all')).toBeNull();
    expect(undecodablePath('/api/dpp/slug?q=%FF')).toBeNull();
    expect(undecodablePath(undefined)).toBeNull();
  });
});

describe('nextHostname', () => {
  it('names loopback binds localhost and leaves other addresses as they are', () => {
    expect(nextHostname('127.0.0.1')).toBe('localhost');
    expect(nextHostname('0.0.0.0')).toBe('0.0.0.0');
  });
});
