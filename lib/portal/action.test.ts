import { describe, expect, it } from 'vitest';
import { ServiceError } from '../errors';
import { formLine } from './action';

const form = (value: string) => {
  const data = new FormData();
  data.set('name', value);
  return data;
};

describe('a single-line portal field (key, secret and webhook names, webhook URL, withdrawal contact)', () => {
  it('is trimmed and passed on when it is one line', () => {
    expect(formLine(form('  CI key '), 'name')).toBe('CI key');
    expect(formLine(new FormData(), 'name')).toBe('');
  });

  it.each(['CI\nkey', 'CI\r\nkey', 'CI\tkey', 'CI\u2028key', 'CI\u0000key', 'CI \u202ekey'])(
    'refuses %j with a validation error naming the field, which the form shows beside it',
    (value) => {
      let thrown: unknown;
      try {
        formLine(form(value), 'name');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ServiceError);
      expect(thrown).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Use one line of text, without line breaks, tabs or other control characters.',
        options: { details: { field: 'name' } },
      });
    },
  );
});
