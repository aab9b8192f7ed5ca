import { defineConfig, devices } from '@playwright/test';
import { chooseChromium } from './testing/chromium';
import { machineChromiumProbe } from './testing/chromium-probe';

// `npm test` (scripts/test-all.ts) creates a fresh database and passes it here with a free port.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// Specs that build documents in-process (the stored-document checks) must use the server's public address.
process.env.BASE_URL = baseURL;
// CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own (undefined), which `npm test` installs when
// missing (testing/chromium.ts).
const browser = chooseChromium(machineChromiumProbe());
if (browser.use === 'none') throw new Error(browser.message);
const chromium = browser.use === 'executable' ? browser.executablePath : undefined;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    baseURL,
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npx tsx scripts/start.ts',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      // Tests act as several clients behind one proxy (each sends its own X-Forwarded-For), so rate limits are
      // per test; e2e/isolated-server.spec.ts proves forged headers are ignored with the default of 0 hops.
      TRUSTED_PROXY_HOPS: '1',
      INTEGRATION_API_ENABLED: '1',
      BMS_INGESTION_ENABLED: '1',
      WEBHOOKS_ALLOW_PRIVATE: '1', // webhook e2e tests deliver to a receiver on loopback
      DEV_MAILBOX: '1', // the PoLI e2e tests open the emailed links from /dev/mailbox, as a developer would
      SEED_DEMO: '1',
      DPP_REGISTRY_URL: 'local', // a local EU registry in the server's process (lib/registry/local-registry.ts)
      // One server answers every spec of the run (hundreds of tenants, thousands of passports, its read caches full):
      // its old space gets room for that. The 256 MB production bound is held by the load suite and the bench.
      MAX_HEAP_MB: '512',
      LOG_LEVEL: 'warn',
    },
  },
});
