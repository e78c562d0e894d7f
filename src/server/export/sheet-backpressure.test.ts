import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sheetZipInput } from './sheet-backpressure';

describe('sheetZipInput', () => {
  it('answers null for anything that is not an exceljs sheet writer', () => {
    expect(sheetZipInput(null)).toBeNull();
    expect(sheetZipInput({})).toBeNull();
    expect(sheetZipInput({ stream: { pipes: 'no' } })).toBeNull();
    expect(sheetZipInput({ stream: { pipes: [{}] } })).toBeNull();
  });

  // If this fails after an exceljs upgrade, the export writer has lost its backpressure on
  // the compressor (it still works, but memory grows with the row count): adapt the probe.
  it('finds the queue in front of the compressor once the zip reads the sheet', async () => {
    const sink = new Writable({
      write(_chunk, _encoding, done) {
        done();
      },
    });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true });
    const sheet = workbook.addWorksheet('Jobs');
    sheet.addRow(['x']).commit();
    for (let turn = 0; turn < 20 && sheetZipInput(sheet) === null; turn += 1) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const input = sheetZipInput(sheet);
    expect(input).not.toBeNull();
    expect(typeof input?.waitingBytes()).toBe('number');
    sheet.commit();
    await workbook.commit();
  });
});
