import { defineConfig, devices } from '@playwright/test';

/** The built app on its own port and data folder (embedded PostgreSQL, outbox email). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4599);

/**
 * Every member a journey registers is a new account (issue 40 §4): the journeys trade at the
 * limits of established ones (the server suite tests the lower limits of new accounts).
 * Every journey registers from 127.0.0.1, and the whole suite (with its retries) registers more
 * than the default 100 accounts an hour from one address: past that every later journey failed
 * with a 429 at its first step. The server suite tests the registration limit itself.
 */
const ESTABLISHED_LIMITS = {
  RATE_LIMIT_REGISTRATIONS_PER_ADDRESS: '100000',
  RATE_LIMIT_OFFERS_PER_HOUR_NEW: '30',
  RATE_LIMIT_MESSAGES_PER_FIVE_MINUTES_NEW: '60',
  RATE_LIMIT_ROUND_ENTRIES_PER_DAY_NEW: '1000',
};
export const E2E_DATA_DIR = '.e2e-data';
export const E2E_ADMIN_EMAIL = 'admin@e2e.swapmarket.test';
/** A second instance, for the federation journey: another community this one can follow. */
export const E2E_PEER_PORT = E2E_PORT + 1;
export const E2E_PEER_DATA_DIR = '.e2e-peer-data';
/** The peer's admin, who follows this one back for offers to travel (issue 39). */
export const E2E_PEER_ADMIN_EMAIL = 'admin@riverside.swapmarket.test';
/** A third instance ("Hillside Swaps", auto approval), for the circle across three communities (issue 39 §4). */
export const E2E_THIRD_PORT = E2E_PORT + 2;
export const E2E_THIRD_DATA_DIR = '.e2e-third-data';
export const E2E_THIRD_ADMIN_EMAIL = 'admin@hillside.swapmarket.test';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * Another instance for the federation journeys, launched without waiting (no url): see
 * globalSetup below. Follows it is asked for are accepted at once.
 */
function peerInstance(port: number, dataDir: string, siteName: string, adminEmail: string) {
  return {
    command: `rm -rf ${dataDir} && node dist/server/main.js`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SITE_NAME: siteName,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      ADMIN_EMAILS: adminEmail,
      FEDERATION_ALLOW_PRIVATE: 'true',
      FEDERATION_APPROVAL: 'auto',
      ...ESTABLISHED_LIMITS,
    },
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  };
}

export default defineConfig({
  testDir: 'e2e',
  // Journeys of two or three members, each screen checked with axe: on a loaded 2-core machine
  // several ran past a minute (matching, negotiation in a rehearsal, each passing alone).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One browser at a time: on two cores Chromium takes most of the CPU (a subset of the long
  // journeys: 515 s of Chromium against 108 s of the three servers). Two workers finished that
  // subset no sooner (6.6 min against 6.0) and four of its journeys ran out of time; one passed them all.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // Playwright starts its web servers one after another, each awaited before the next: the two
  // peers are only launched (no url to wait on) before this instance, whose start is awaited, so
  // the three start together; e2e/instances-ready.ts then waits for the peers (global setup runs
  // after the web servers).
  globalSetup: './e2e/instances-ready.ts',
  webServer: [
    peerInstance(E2E_PEER_PORT, E2E_PEER_DATA_DIR, 'Riverside Swaps', E2E_PEER_ADMIN_EMAIL),
    peerInstance(E2E_THIRD_PORT, E2E_THIRD_DATA_DIR, 'Hillside Swaps', E2E_THIRD_ADMIN_EMAIL),
    {
      command: `rm -rf ${E2E_DATA_DIR} && node dist/server/main.js`,
      url: `http://127.0.0.1:${E2E_PORT}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        DATABASE_URL: '',
        PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        // Three instances on one machine: federation over loopback http (tests only).
        FEDERATION_ALLOW_PRIVATE: 'true',
        ...ESTABLISHED_LIMITS,
      },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  ],
});
