import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClosedBadge, closedDay } from './closed-badge';
import { CompanyApplyLink, isWebAddress } from './company-apply-link';

// Issue 41's shared parts: the Closed badge and the employer's link, as every screen shows them.

describe('ClosedBadge', () => {
  it('says Closed with the day, the instant in its time element, the full day on hover', () => {
    render(<ClosedBadge closedAt="2026-10-03T09:30:00.000Z" />);
    const badge = screen.getByTitle(/^Found closed on /);
    expect(badge).toHaveTextContent(`Closed ${closedDay('2026-10-03T09:30:00.000Z')}`);
    expect(badge.querySelector('time')).toHaveAttribute('datetime', '2026-10-03T09:30:00.000Z');
    expect(badge).toHaveAttribute('data-slot', 'badge');
  });

  it('shows nothing for a job not found closed (or from a server before issue 41)', () => {
    const { container } = render(
      <>
        <ClosedBadge closedAt={null} />
        <ClosedBadge closedAt={undefined} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('CompanyApplyLink', () => {
  it('opens the employer’s address in a new tab that learns nothing of the dashboard', () => {
    render(<CompanyApplyLink applyUrl="https://jobs.acme.example/apply/1?ref=li" />);
    const link = screen.getByRole('link', { name: "Apply on the company's site" });
    expect(link).toHaveAttribute('href', 'https://jobs.acme.example/apply/1?ref=li');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('links only http(s) addresses', () => {
    expect(isWebAddress('http://jobs.example/1')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'mailto:jobs@acme.example',
      'data:text/html,x',
      '/jobs/1',
      '',
    ])
      expect(isWebAddress(bad), bad).toBe(false);
    const { container } = render(
      <>
        <CompanyApplyLink applyUrl="javascript:alert(1)" />
        <CompanyApplyLink applyUrl={null} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
