import { describe, expect, it } from 'vitest';
import { parsePipelineParams, pipelineFiltersToApi, pipelineParamsToUrl } from './pipeline-params';
import { daysInStage, nextStepWhen } from './stage-time';

describe('the Pipeline screen URL', () => {
  it('reads the view, filters, phone stage and open application, dropping what the API refuses', () => {
    expect(
      parsePipelineParams(
        new URLSearchParams('view=table&query=7&company=%20Acme%20&stage=offer&job=42'),
      ),
    ).toEqual({ view: 'table', query: 7, company: 'Acme', stage: 'offer', job: 42 });
    expect(
      parsePipelineParams(new URLSearchParams('view=grid&query=-1&stage=lost&job=0x2')),
    ).toEqual({ view: 'board', query: null, company: '', stage: null, job: null });
    // Longer than the API takes: cut, not refused.
    expect(
      parsePipelineParams(new URLSearchParams({ company: 'x'.repeat(300) })).company,
    ).toHaveLength(200);
  });

  it('writes defaults out of the URL, and only the filters to the API', () => {
    const view = parsePipelineParams(new URLSearchParams('company=Globex&query=3&view=table'));
    expect(pipelineParamsToUrl(view).toString()).toBe('view=table&query=3&company=Globex');
    const withPanel = { ...view, job: 5, stage: 'saved' as const };
    expect(pipelineParamsToUrl({ ...view, view: 'board', query: null }).toString()).toBe(
      'company=Globex',
    );
    expect(pipelineFiltersToApi(withPanel).toString()).toBe('query=3&company=Globex');
  });
});

describe('days in stage and the next step', () => {
  const now = new Date(2027, 1, 10, 15, 0).getTime();
  it('counts calendar days, not 24-hour spans', () => {
    expect(daysInStage('applied', new Date(2027, 1, 10, 0, 5).toISOString(), now)).toBe(
      'In Applied since today',
    );
    expect(daysInStage('screening', new Date(2027, 1, 9, 23, 59).toISOString(), now)).toBe(
      '1 day in Screening',
    );
    expect(daysInStage('no_answer', new Date(2027, 0, 31, 16, 0).toISOString(), now)).toBe(
      '10 days in No answer',
    );
  });

  it('says when a next step is, in words', () => {
    expect(nextStepWhen(new Date(2027, 1, 11, 9, 30).toISOString(), now)).toMatch(/^tomorrow at /);
    expect(nextStepWhen(new Date(2027, 1, 10, 8, 0).toISOString(), now)).toMatch(/^today at /);
    expect(nextStepWhen(new Date(2027, 1, 13, 9, 0).toISOString(), now)).toBe('in 3 days');
    expect(nextStepWhen(new Date(2027, 1, 5, 9, 0).toISOString(), now)).toBe('5 days ago');
    expect(nextStepWhen(new Date(2027, 2, 3, 9, 0).toISOString(), now)).toBe('in 3 weeks');
  });
});
