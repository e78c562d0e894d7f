import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies DESIGN.md defaults', () => {
    const c = loadConfig({ TZ: 'UTC' });
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      adminPassword: undefined,
      siteName: 'LinkedIn',
      linkedinBaseUrl: 'https://www.linkedin.com',
      scrapeMinIntervalMs: 3000,
      timeZone: 'UTC',
      scrapeMaxResultsPerQuery: 1000,
      scrapeStallMs: 900_000,
      scrapeProxyUrl: undefined,
      publicUrl: undefined,
    });
  });

  it('reads good values and treats empty ones as unset', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      ADMIN_PASSWORD: 'long enough',
      SITE_NAME: 'Acme',
      LINKEDIN_BASE_URL: 'http://127.0.0.1:4010/',
      SCRAPE_MIN_INTERVAL_MS: '0',
      TZ: 'Europe/Berlin',
      SCRAPE_MAX_RESULTS_PER_QUERY: '250',
      SCRAPE_STALL_MS: '60000',
      SCRAPE_PROXY_URL: 'http://proxy.local:8080',
      PUBLIC_URL: 'https://jobs.example.com/scout/',
      LOG_LEVEL: '',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      adminPassword: 'long enough',
      siteName: 'Acme',
      linkedinBaseUrl: 'http://127.0.0.1:4010',
      scrapeMinIntervalMs: 0,
      timeZone: 'Europe/Berlin',
      scrapeMaxResultsPerQuery: 250,
      scrapeStallMs: 60_000,
      scrapeProxyUrl: 'http://proxy.local:8080',
      publicUrl: 'https://jobs.example.com/scout',
      logLevel: 'info',
    });
  });

  it.each([
    ['PORT', 'eighty', /^PORT must be a port number/],
    ['PORT', '70000', /^PORT must be a port number/],
    ['PORT', '-1', /^PORT/],
    ['LINKEDIN_BASE_URL', 'ftp://x', /^LINKEDIN_BASE_URL must be an http\(s\) URL/],
    ['LINKEDIN_BASE_URL', 'not a url', /^LINKEDIN_BASE_URL/],
    ['SCRAPE_MIN_INTERVAL_MS', '1.5', /^SCRAPE_MIN_INTERVAL_MS must be a whole number/],
    ['SCRAPE_MAX_RESULTS_PER_QUERY', '0', /^SCRAPE_MAX_RESULTS_PER_QUERY/],
    ['SCRAPE_MAX_RESULTS_PER_QUERY', '5000', /^SCRAPE_MAX_RESULTS_PER_QUERY/],
    ['SCRAPE_STALL_MS', 'soon', /^SCRAPE_STALL_MS/],
    ['SCRAPE_PROXY_URL', 'socks5://x', /^SCRAPE_PROXY_URL/],
    ['PUBLIC_URL', 'javascript:alert(1)', /^PUBLIC_URL must be an http\(s\) URL/],
    ['PUBLIC_URL', 'jobs.example.com', /^PUBLIC_URL must be an http\(s\) URL/],
    ['TZ', 'Mars/Olympus', /^TZ must be an IANA time zone/],
    ['LOG_LEVEL', 'loud', /^LOG_LEVEL must be one of/],
    ['ADMIN_PASSWORD', 'short', /^ADMIN_PASSWORD must be at least 8 characters/],
  ])('rejects %s=%s with one line naming it', (name, value, message) => {
    const run = () => loadConfig({ [name]: value });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
  });

  it('never echoes the password in its error', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'secret' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret') }),
    );
  });
});

describe('METRICS_TOKEN (issue 18)', () => {
  it('is unset by default, which leaves metrics off', () => {
    expect(loadConfig({ TZ: 'UTC' }).metricsToken).toBeUndefined();
    expect(loadConfig({ TZ: 'UTC', METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });

  it('reads a long token', () => {
    const token = 'f3b0c44298fc1c149afbf4c8996fb92427ae41e4';
    expect(loadConfig({ TZ: 'UTC', METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it.each([
    ['too short', 'short-token-1234'],
    ['with a space', 'a long enough token with spaces in it'],
    ['not ASCII', 'längerer-schlüssel-ohne-leerzeichen-0123'],
  ])('refuses one %s with one line that never shows it', (_what, token) => {
    let message = '';
    try {
      loadConfig({ TZ: 'UTC', METRICS_TOKEN: token });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = error instanceof Error ? error.message : '';
    }
    expect(message).toBe(
      'METRICS_TOKEN must be 24 to 512 characters, without spaces (e.g. openssl rand -hex 24)',
    );
    expect(message).not.toContain(token);
  });
});
