import { vi } from 'vitest';

export interface RecordedDownloads {
  /** The file names the page asked the browser to save, in order. */
  names: string[];
  blobs: Blob[];
}

/**
 * jsdom has no object URLs and would try to navigate on an anchor click: record both instead.
 * Call in beforeEach; `vi.restoreAllMocks()` undoes the click spy.
 */
export function recordDownloads(): RecordedDownloads {
  const recorded: RecordedDownloads = { names: [], blobs: [] };
  // Writable too: a file that runs after this one in the same worker (isolate: false) may assign.
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn((blob: Blob) => {
      recorded.blobs.push(blob);
      return `blob:http://localhost:3000/${recorded.blobs.length}`;
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    recorded.names.push(this.download);
  });
  return recorded;
}
