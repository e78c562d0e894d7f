import { describe, expect, it } from 'vitest';
import { siteClientOptions } from './app';
import { loadConfig } from './config';

const config = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: '/tmp/jobscout-options', ADMIN_PASSWORD: 'x'.repeat(12), ...env });

describe('the site client the configuration describes', () => {
  it('paces the typeahead 200 ms apart, never slower than SCRAPE_MIN_INTERVAL_MS asks', () => {
    const paced = (value: string | undefined) => {
      const options = siteClientOptions(
        config(value === undefined ? {} : { SCRAPE_MIN_INTERVAL_MS: value }),
      );
      return { batch: options.minIntervalMs, typeahead: options.typeahead?.minIntervalMs };
    };
    // The default: the site's pace for batches, the typeahead's own for typing and lookups.
    expect(paced(undefined)).toEqual({ batch: 3000, typeahead: 200 });
    expect(paced('1000')).toEqual({ batch: 1000, typeahead: 200 });
    expect(paced('150')).toEqual({ batch: 150, typeahead: 150 });
    // Tests and the simulator: no lane waits (a batch's company lookups cost 200 ms each).
    expect(paced('0')).toEqual({ batch: 0, typeahead: 0 });
  });
});
