import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DailyScheduleWire } from '../../../../contract/operations';
import { testQueryClient } from '../../../test/render';
import { NextDailyBatch, nextDailyBatchText, SCRIPT_TIME_TOOLTIP } from './next-daily-batch';

const API = 'http://localhost:3000/api/v1';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const schedule = (next: DailyScheduleWire['next']): DailyScheduleWire => ({
  script_time: '09:00',
  time_zone: 'Europe/Berlin',
  next,
  reason: next === null ? 'no-active-queries' : null,
});
const at = (when: 'today' | 'tomorrow' | 'later', day = '2026-11-23') => ({
  at: `${day}T08:00:00.000Z`,
  day,
  when,
  time: '09:00',
});

describe('nextDailyBatchText', () => {
  it('reads today, tomorrow, a later day, or why there is none', () => {
    expect(nextDailyBatchText(schedule(at('today')))).toBe('today at 09:00 (Europe/Berlin)');
    expect(nextDailyBatchText(schedule(at('tomorrow')))).toBe('tomorrow at 09:00 (Europe/Berlin)');
    expect(nextDailyBatchText(schedule(at('later', '2027-03-29')))).toBe(
      'on 2027-03-29 at 09:00 (Europe/Berlin)',
    );
    expect(nextDailyBatchText(schedule(null))).toBe('none: no active queries');
  });
});

describe('NextDailyBatch', () => {
  it('shows the line, with a tooltip saying where script_time is changed', async () => {
    server.use(http.get(`${API}/schedule`, () => HttpResponse.json(schedule(at('today')))));
    render(
      <QueryClientProvider client={testQueryClient()}>
        <NextDailyBatch />
      </QueryClientProvider>,
    );
    const line = await screen.findByText('Next daily batch: today at 09:00 (Europe/Berlin)');
    await userEvent.tab();
    expect(line.closest('[aria-describedby]')).not.toBeNull();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(SCRIPT_TIME_TOOLTIP);
  });

  it('leaves the line out when the schedule cannot be read', async () => {
    server.use(http.get(`${API}/schedule`, () => HttpResponse.json({}, { status: 500 })));
    const { container } = render(
      <QueryClientProvider client={testQueryClient()}>
        <NextDailyBatch />
      </QueryClientProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
  });
});
