import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the embedded defaults with no environment', () => {
    expect(loadConfig({})).toMatchObject({ PORT: 3000, DATA_DIR: './.data', LOG_LEVEL: 'info' });
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
  });

  it('coerces numbers and treats empty values as unset', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: '' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one error', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres/);
    expect(attempt).toThrow(/JWT_SECRET: must have at least 32 characters/);
  });

  it('runs several API processes only with Redis to tell them of changes', () => {
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: more than 1 needs REDIS_URL/,
    );
    expect(loadConfig({ WEB_CONCURRENCY: '2', REDIS_URL: 'redis://127.0.0.1:6379' }).WEB_CONCURRENCY).toBe(2);
  });

  it('takes a language model as all three LLM variables or none', () => {
    expect(loadConfig({}).LLM_BASE_URL).toBeUndefined();
    const full = { LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.2', LLM_API_KEY: 'ollama' };
    expect(loadConfig(full)).toMatchObject({ ...full, LLM_TIMEOUT_MS: 20_000 });
    const partial = () => loadConfig({ LLM_BASE_URL: full.LLM_BASE_URL });
    expect(partial).toThrow(/LLM_MODEL: must be set with LLM_BASE_URL/);
    expect(partial).toThrow(/LLM_API_KEY: must be set with LLM_BASE_URL/);
    expect(() => loadConfig({ ...full, LLM_BASE_URL: 'localhost:11434' })).toThrow(/LLM_BASE_URL/);
    expect(() => loadConfig({ DICTIONARY_URL: 'not a url' })).toThrow(/DICTIONARY_URL/);
  });

  it('takes Google sign-in as client id and secret together, with Google as the default issuer', () => {
    expect(loadConfig({})).toMatchObject({ GOOGLE_ISSUER: 'https://accounts.google.com' });
    expect(loadConfig({}).GOOGLE_CLIENT_ID).toBeUndefined();
    const partial = () => loadConfig({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' });
    expect(partial).toThrow(/GOOGLE_CLIENT_SECRET: must be set with GOOGLE_CLIENT_ID/);
    expect(() => loadConfig({ GOOGLE_ISSUER: 'accounts.google.com' })).toThrow(/GOOGLE_ISSUER/);
  });

  it('turns the test clock on only outside production', () => {
    expect(loadConfig({}).TEST_CLOCK).toBe(false);
    expect(loadConfig({ TEST_CLOCK: '1' }).TEST_CLOCK).toBe(true);
    expect(loadConfig({ TEST_CLOCK: 'false' }).TEST_CLOCK).toBe(false);
    expect(() => loadConfig({ TEST_CLOCK: 'maybe' })).toThrow(/TEST_CLOCK/);
    expect(() => loadConfig({ TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(
      /TEST_CLOCK: must not be set in production/,
    );
  });

  it('keeps an empty WEB_DIST, which turns the web app off', () => {
    expect(loadConfig({ WEB_DIST: '' }).WEB_DIST).toBe('');
    expect(loadConfig({}).WEB_DIST).toBe('apps/web/dist');
  });

  it('trusts no proxy by default, else a hop count or a list of addresses and ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    for (const bad of ['true', 'everyone', '10.0.0.0/33', '10.0.0.1,', 'fe80::/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
