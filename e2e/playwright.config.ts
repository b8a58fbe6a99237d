import { defineConfig, devices } from '@playwright/test';
import { E2E_CLOCK_PORT, E2E_JWT_SECRET, E2E_LLM_PORT, E2E_MODEL_PORT, E2E_PORT } from './support/env.ts';

/** Specs that move the server's clock: they run on their own server, in the clock project only. */
const CLOCK_SPECS = /review-schedule\.spec\.ts$/;
/** Specs that need a language model: they run on a server configured with the fake one. */
const MODEL_SPECS = /story-gen-ai\.spec\.ts$/;

/** The server's settings; `port` and `dataDir` tell the two servers apart. */
const serverEnv = (port: number, dataDir: string) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  APP_URL: `http://127.0.0.1:${port}`,
  JWT_SECRET: E2E_JWT_SECRET,
  AUTH_RATE_LIMIT_MAX: '10000',
  LOG_LEVEL: 'warn',
});

/** Runs the specs against the built app, served by the real server on a fresh embedded database. */
export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [[process.env.CI ? 'line' : 'list'], ['./support/recap-reporter.ts']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    locale: 'en-US',
    timezoneId: 'America/Sao_Paulo',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: [CLOCK_SPECS, MODEL_SPECS],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      testIgnore: [CLOCK_SPECS, MODEL_SPECS],
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 },
    },
    {
      name: 'clock',
      testMatch: CLOCK_SPECS,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        baseURL: `http://127.0.0.1:${E2E_CLOCK_PORT}`,
      },
    },
    {
      name: 'model',
      testMatch: MODEL_SPECS,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        baseURL: `http://127.0.0.1:${E2E_MODEL_PORT}`,
      },
    },
    {
      name: 'model-phone',
      testMatch: MODEL_SPECS,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        baseURL: `http://127.0.0.1:${E2E_MODEL_PORT}`,
      },
    },
  ],
  webServer: [
    {
      command: 'rm -rf e2e/.data && node --enable-source-maps apps/api/dist/server.js',
      cwd: '..',
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      // SIGTERM, so the server stops its embedded PostgreSQL.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      env: serverEnv(E2E_PORT, 'e2e/.data'),
    },
    {
      command: 'rm -rf e2e/.clock && node --enable-source-maps apps/api/dist/server.js',
      cwd: '..',
      url: `http://127.0.0.1:${E2E_CLOCK_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      // SIGTERM, so the server stops its embedded PostgreSQL.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      env: { ...serverEnv(E2E_CLOCK_PORT, 'e2e/.clock/.data'), TEST_CLOCK: '1' },
    },
    {
      // The stand-in for a hosted model (tests only): the chat-completions wire format, streaming too.
      command: `node --import tsx apps/api/test/fake-llm.ts ${E2E_LLM_PORT}`,
      cwd: '..',
      port: E2E_LLM_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'rm -rf e2e/.model && node --enable-source-maps apps/api/dist/server.js',
      cwd: '..',
      url: `http://127.0.0.1:${E2E_MODEL_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      env: {
        ...serverEnv(E2E_MODEL_PORT, 'e2e/.model/.data'),
        LLM_BASE_URL: `http://127.0.0.1:${E2E_LLM_PORT}/v1`,
        LLM_MODEL: 'e2e-story-model',
        LLM_API_KEY: 'sk-e2e',
      },
    },
  ],
});
