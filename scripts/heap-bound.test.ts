import { describe, expect, it } from 'vitest';
import { heapBoundFlag } from './heap-bound';

const base = { dev: false, env: {}, execArgv: ['--import', 'tsx'] };

describe('heap bound of npm start', () => {
  it('bounds a production server at 256 MB by default', () => {
    expect(heapBoundFlag(base)).toBe('--max-old-space-size=256');
  });

  it('takes MAX_HEAP_MB, and 0 keeps the V8 default', () => {
    expect(heapBoundFlag({ ...base, env: { MAX_HEAP_MB: '384' } })).toBe('--max-old-space-size=384');
    expect(heapBoundFlag({ ...base, env: { MAX_HEAP_MB: '0' } })).toBeNull();
  });

  it('leaves a bound set in NODE_OPTIONS or on the command line alone', () => {
    expect(heapBoundFlag({ ...base, env: { NODE_OPTIONS: '--max-old-space-size=512' } })).toBeNull();
    expect(heapBoundFlag({ ...base, env: { NODE_OPTIONS: '--max_old_space_size=512' } })).toBeNull();
    expect(heapBoundFlag({ ...base, execArgv: ['--max-old-space-size=128'] })).toBeNull();
  });

  it('never relaunches twice, nor the development server', () => {
    expect(heapBoundFlag({ ...base, env: { BPS_HEAP_BOUND: 'applied' } })).toBeNull();
    expect(heapBoundFlag({ ...base, dev: true })).toBeNull();
  });

  it('ignores a value that is not a whole number of megabytes', () => {
    expect(heapBoundFlag({ ...base, env: { MAX_HEAP_MB: 'lots' } })).toBeNull();
  });
});
