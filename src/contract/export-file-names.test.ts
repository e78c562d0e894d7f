import { describe, expect, it } from 'vitest';
import {
  batchExportFileName,
  jobsExportFileName,
  pipelineExportFileName,
  runExportFileName,
} from './export-file-names';
import { JOBS_EXPORT_FILE_NAME } from './jobs';

describe('batchExportFileName', () => {
  it('names a batch export batch-{id}.xlsx', () => {
    expect(batchExportFileName(12)).toBe('batch-12.xlsx');
  });
});

describe('runExportFileName', () => {
  it('replaces every space with "-"', () => {
    expect(runExportFileName(7, 'Senior Financial Analyst')).toBe(
      '7-Senior-Financial-Analyst.xlsx',
    );
  });

  it('replaces spaces before trimming, so outer spaces become dashes', () => {
    // SPEC.md §7 order: replace, then trim, then cut.
    expect(runExportFileName(3, ' Data Analyst ')).toBe('3--Data-Analyst-.xlsx');
  });

  it('trims other whitespace at the ends', () => {
    expect(runExportFileName(3, '\tAnalyst\n')).toBe('3-Analyst.xlsx');
  });

  it('keeps only the first 40 characters of the name', () => {
    const title = 'a'.repeat(30) + ' ' + 'b'.repeat(30);
    const name = 'a'.repeat(30) + '-' + 'b'.repeat(9);
    expect(name).toHaveLength(40);
    expect(runExportFileName(1, title)).toBe(`1-${name}.xlsx`);
  });

  it('keeps a name of exactly 40 characters whole', () => {
    const title = 'x'.repeat(40);
    expect(runExportFileName(2, title)).toBe(`2-${title}.xlsx`);
  });

  it('does not leave half of a surrogate pair at the cut', () => {
    const title = 'y'.repeat(39) + '😀tail';
    expect(runExportFileName(5, title)).toBe(`5-${'y'.repeat(39)}.xlsx`);
  });
});

describe('the csv and json formats (issue 18)', () => {
  it('keep each name and change only the extension', () => {
    expect(batchExportFileName(12, 'csv')).toBe('batch-12.csv');
    expect(batchExportFileName(12, 'json')).toBe('batch-12.ndjson');
    expect(batchExportFileName(12, 'xlsx')).toBe('batch-12.xlsx');
    expect(runExportFileName(7, 'Senior Financial Analyst', 'csv')).toBe(
      '7-Senior-Financial-Analyst.csv',
    );
    expect(runExportFileName(5, 'y'.repeat(39) + '😀tail', 'json')).toBe(
      `5-${'y'.repeat(39)}.ndjson`,
    );
    expect(jobsExportFileName()).toBe(JOBS_EXPORT_FILE_NAME);
    expect(jobsExportFileName('csv')).toBe('jobs.csv');
    expect(jobsExportFileName('json')).toBe('jobs.ndjson');
  });
});

describe('pipelineExportFileName', () => {
  it('names the pipeline export by its day, each format with its extension', () => {
    expect(pipelineExportFileName('2026-11-02')).toBe('jobscout-pipeline-2026-11-02.xlsx');
    expect(pipelineExportFileName('2026-11-02', 'csv')).toBe('jobscout-pipeline-2026-11-02.csv');
    expect(pipelineExportFileName('2026-11-02', 'json')).toBe(
      'jobscout-pipeline-2026-11-02.ndjson',
    );
  });
});
