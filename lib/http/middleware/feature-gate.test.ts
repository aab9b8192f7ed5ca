import { describe, expect, it } from 'vitest';
import { featureGate } from './feature-gate';

const on = { integrationApi: true, bmsIngestion: true };
const BMS = '/api/v1/products/3f0e/bms-update';

describe('featureGate', () => {
  it('switches off every /api/v1 path, health included, with FEATURE_DISABLED', () => {
    for (const path of ['/api/v1/products', '/api/v1/health', '/api/v1/openapi.json']) {
      expect(featureGate(path, { ...on, integrationApi: false })?.code).toBe('FEATURE_DISABLED');
    }
  });

  it('lets the BMS path follow its own flag, not the Integration API flag', () => {
    expect(featureGate(BMS, { integrationApi: false, bmsIngestion: true })).toBeNull();
    expect(featureGate(BMS, { integrationApi: true, bmsIngestion: false })?.code).toBe('FEATURE_FLAG_OFF');
  });

  it('never gates public paths', () => {
    expect(featureGate('/api/dpp/x', { integrationApi: false, bmsIngestion: false })).toBeNull();
  });
});
