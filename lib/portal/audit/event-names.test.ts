import { describe, expect, it } from 'vitest';
import { eventName } from './event-names';

describe('audit event names in words', () => {
  it('reads the known events in plain words', () => {
    expect(eventName('Approve')).toBe('Approved and published');
    expect(eventName('PoliRequestCreated')).toBe('Restricted access requested');
    expect(eventName('Recycle')).toBe('Marked recycled (end of life)');
  });

  it('reads an event without an entry as its own words in sentence case, never as a bare identifier', () => {
    expect(eventName('SomethingNewHappened')).toBe('Something new happened');
    expect(eventName('GDPRExportQueued')).toBe('GDPR export queued');
    expect(eventName('x')).toBe('x');
  });
});
