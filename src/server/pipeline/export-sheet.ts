import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  isWebAddress,
  type ApplicationStage,
} from '../../contract/pipeline';
import type { ExportedApplication } from '../../contract/pipeline-export';
import type { PipelineExportContact, PipelineExportRow } from '../../db/pipeline/export-rows';
import { fitColumns, fitFields, urlValue, type SheetColumn, type SheetSpec } from '../export';

// The pipeline's export (issue 33) as the export writers take it: the sheet's columns (the .xlsx
// and the CSV) and the NDJSON line. A spreadsheet has no time zones, so the sheet shows each time
// as the server's clock reads it (TZ), to the minute; the NDJSON line keeps the exact instant.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The instant `at` as a wall-clock time in `timeZone`, held in a Date's UTC fields: what the
 * sheet writer turns into Excel's serial number (which has no zone), so the cell reads as the
 * operator's clock read then.
 */
export function wallClockDate(at: number, timeZone: string): Date {
  const parts = formatterFor(timeZone).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  // Milliseconds are the same in every zone; the formatter leaves them out.
  return new Date(wall + (((at % 1000) + 1000) % 1000));
}

/** One contact as a line of the Contacts cell: "Ana Lima (Recruiter) <ana@x.example> https://…". */
export function contactLine(contact: PipelineExportContact): string {
  return [
    contact.name,
    contact.role ? `(${contact.role})` : null,
    contact.email ? `<${contact.email}>` : null,
    contact.url,
  ]
    .filter((part) => part !== null && part !== '')
    .join(' ');
}

const text = (value: string | null): string | null =>
  value === null || value === '' ? null : value;

/** The sheet's columns, their times shown in `timeZone`. */
export function pipelineSheet(timeZone: string): SheetSpec<PipelineExportRow> {
  const time = (at: number | null | undefined): Date | null =>
    at === null || at === undefined ? null : wallClockDate(at, timeZone);
  const stageColumn = (stage: ApplicationStage): SheetColumn<PipelineExportRow> => ({
    header: APPLICATION_STAGE_LABELS[stage],
    width: 16,
    value: (row) => time(row.stage_dates[stage]),
  });
  return {
    name: 'Pipeline',
    dateFormat: 'yyyy-mm-dd hh:mm',
    // The CSV shows what the cell shows: the wall-clock time to the minute.
    dateText: (date) => date.toISOString().slice(0, 16).replace('T', ' '),
    columns: [
      { header: 'Job ID', width: 13, value: (row) => row.job_id },
      { header: 'Title', width: 40, value: (row) => row.title },
      { header: 'Company', width: 28, value: (row) => row.company_name },
      { header: 'Location', width: 28, value: (row) => row.location },
      { header: 'URL', width: 45, value: (row) => urlValue(row.url) },
      { header: 'Stage', width: 13, value: (row) => APPLICATION_STAGE_LABELS[row.stage] },
      { header: 'In stage since', width: 16, value: (row) => time(row.stage_since) },
      ...APPLICATION_STAGES.map(stageColumn),
      { header: 'Next step', width: 28, value: (row) => text(row.next_step_what) },
      { header: 'Next step at', width: 16, value: (row) => time(row.next_step_at) },
      {
        header: 'Reference',
        width: 28,
        // The application's own page, when it is one, opens from the sheet like the job's.
        value: (row) =>
          row.reference !== null && isWebAddress(row.reference.trim())
            ? urlValue(row.reference)
            : text(row.reference),
      },
      { header: 'Salary asked', width: 16, value: (row) => text(row.salary_asked) },
      { header: 'Salary offered', width: 16, value: (row) => text(row.salary_offered) },
      {
        header: 'Contacts',
        width: 45,
        value: (row) => text(row.contacts.map(contactLine).join('\n')),
      },
      { header: 'Notes', width: 80, value: (row) => text(row.notes) },
      // Issue 41, last so that the columns before keep their places.
      { header: 'Closed', width: 16, value: (row) => time(row.closed_at) },
      {
        header: 'Apply URL',
        width: 45,
        value: (row) => (row.apply_url === null ? null : urlValue(row.apply_url)),
      },
      // Issue 40, after issue 41's.
      ...fitColumns<PipelineExportRow>((row) => row.fit_score),
    ],
  };
}

const iso = (at: number): string => new Date(at).toISOString();

/** An application as one line of format=json (the contract's exportedApplicationSchema). */
export function toExportedApplication(row: PipelineExportRow): ExportedApplication {
  const stageDates: ExportedApplication['stage_dates'] = {};
  for (const stage of APPLICATION_STAGES) {
    const at = row.stage_dates[stage];
    if (at !== undefined) stageDates[stage] = iso(at);
  }
  return {
    job_id: Number(row.job_id),
    title: row.title,
    company_name: row.company_name,
    location: row.location,
    url: row.url,
    stage: row.stage,
    stage_since: iso(row.stage_since),
    stage_dates: stageDates,
    next_step:
      row.next_step_at === null || row.next_step_what === null
        ? null
        : { at: iso(row.next_step_at), what: row.next_step_what },
    reference: row.reference,
    salary_asked: row.salary_asked,
    salary_offered: row.salary_offered,
    contacts: row.contacts.map((c) => ({ name: c.name, role: c.role, email: c.email, url: c.url })),
    notes: row.notes,
    closed_at: row.closed_at === null ? null : iso(row.closed_at),
    apply_url: row.apply_url,
    ...fitFields(row.fit_score),
  };
}
