import { EventEmitter } from 'node:events';

/**
 * The stream through which exceljs feeds one worksheet's XML into the zip compressor, and
 * how many bytes wait in it.
 *
 * Why reach inside exceljs: its streaming sheet writer (4.4, the last release) hands every
 * 64 KB of sheet XML to the zip without waiting; its StreamBuf ignores `write()` returning
 * false. When compression runs slower than rows are built (measured here: 100,000 rows of
 * 2–4 KB descriptions), the XML piles up in front of the compressor and memory grows with
 * the row count. Reading the queue length lets the row loop wait for the compressor, which
 * keeps memory flat. Each step is checked at run time: if a future exceljs is built
 * differently this answers null, the writer falls back to plain event-loop yields, and the
 * test beside this file fails so the change is noticed.
 */
export interface SheetZipInput {
  /** The stream to wait on: it emits "drain" once its queue is empty. */
  stream: EventEmitter;
  /** Bytes of sheet XML waiting for the compressor. */
  waitingBytes: () => number;
}

export function sheetZipInput(sheet: unknown): SheetZipInput | null {
  if (!isObject(sheet) || !('stream' in sheet)) return null;
  const sheetStream = sheet.stream;
  if (!isObject(sheetStream) || !('pipes' in sheetStream)) return null;
  const pipes = sheetStream.pipes;
  if (!Array.isArray(pipes)) return null;
  // The zip starts reading a sheet a few event-loop turns after it is added: until then
  // there is no pipe, and nothing to wait for.
  const pipe: unknown = pipes[0];
  if (!(pipe instanceof EventEmitter) || !('_writableState' in pipe)) return null;
  const state = pipe._writableState;
  if (!isObject(state) || !('length' in state) || typeof state.length !== 'number') return null;
  return {
    stream: pipe,
    waitingBytes: () => (typeof state.length === 'number' ? state.length : 0),
  };
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
