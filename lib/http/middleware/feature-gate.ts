import type { Config } from '@/lib/config';
import { ServiceError } from '../../errors';
import { isBmsPath, isIntegrationPath } from '../surface';

export interface FeatureFlags {
  integrationApi: boolean;
  bmsIngestion: boolean;
}

export function featureFlagsFrom(cfg: Pick<Config, 'INTEGRATION_API_ENABLED' | 'BMS_INGESTION_ENABLED'>): FeatureFlags {
  return { integrationApi: cfg.INTEGRATION_API_ENABLED, bmsIngestion: cfg.BMS_INGESTION_ENABLED };
}

/**
 * The refusal for a switched-off surface, or null. The BMS path lives under /api/v1 but follows its
 * own flag, so BMS ingestion can run without the Integration API and the other way round.
 */
export function featureGate(pathname: string, flags: FeatureFlags): ServiceError | null {
  if (isBmsPath(pathname)) {
    return flags.bmsIngestion
      ? null
      : new ServiceError('FEATURE_FLAG_OFF', 'BMS ingestion is not enabled in this environment.');
  }
  if (isIntegrationPath(pathname) && !flags.integrationApi) {
    return new ServiceError('FEATURE_DISABLED', 'The Integration API is not enabled in this environment.');
  }
  return null;
}
