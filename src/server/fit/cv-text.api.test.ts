import { strToU8 } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIT_CV_UPLOAD_MAX_BYTES } from '../../contract/fit';
import { fitCvTextSchema } from '../../contract/fit-api';
import { startTestServer, type TestServer } from '../test-harness';
import { docx, pdf } from './cv-test-kit';

// POST /fit-profiles/cv-text (issue 40) on a real server: the file's bytes in the body with its
// media type (or octet-stream and its name), its text and the listed skills it names back, and
// each refusal with the reader's message: 413 too big, 415 another kind, 422 no text to give.

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const CV =
  'Jane Doe, backend engineer.\nTypeScript and Node.js daily; k8s and Postgres.\nTypeScript again.';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const upload = (body: Uint8Array | string, type: string | null, name?: string) =>
  server.authed({
    method: 'POST',
    url: `/api/v1/fit-profiles/cv-text${name === undefined ? '' : `?name=${encodeURIComponent(name)}`}`,
    headers: type === null ? {} : { 'content-type': type },
    payload: typeof body === 'string' ? body : Buffer.from(body),
  });

describe('POST /fit-profiles/cv-text', () => {
  it('reads a .txt sent as text/plain, and names the listed skills in it, the most named first', async () => {
    const res = await upload(CV, 'text/plain; charset=utf-8', 'cv.txt');
    expect(res.statusCode, res.body).toBe(200);
    expect(fitCvTextSchema.parse(res.json())).toEqual({
      text: CV,
      skills: ['TypeScript', 'Node.js', 'Kubernetes', 'PostgreSQL'],
    });
  });

  it('reads a .pdf and a .docx, by their type or by their name with octet-stream', async () => {
    const pdfBytes = await pdf((doc) => doc.text('Rust and Kafka engineer'));
    const docxBytes = docx(['Data analyst: SQL and Tableau']);
    for (const [body, type, name, text] of [
      [pdfBytes, 'application/pdf', undefined, 'Rust and Kafka engineer'],
      [pdfBytes, 'application/octet-stream', 'Jane CV.PDF', 'Rust and Kafka engineer'],
      [docxBytes, DOCX_TYPE, 'cv.docx', 'Data analyst: SQL and Tableau'],
      [docxBytes, 'application/octet-stream', 'cv.docx', 'Data analyst: SQL and Tableau'],
    ] as const) {
      const res = await upload(body, type, name);
      expect(res.statusCode, `${type} ${name ?? ''}: ${res.body}`).toBe(200);
      expect(fitCvTextSchema.parse(res.json()).text).toBe(text);
    }
  });

  it('uses the operator’s alias list for the skills', async () => {
    await server.authed({
      method: 'PUT',
      url: '/api/v1/fit-aliases',
      payload: { groups: [['Kubernetes', 'k8s'], ['Jane']] },
    });
    const res = await upload(CV, 'text/plain', 'cv.txt');
    expect(fitCvTextSchema.parse(res.json()).skills).toEqual(['Jane', 'Kubernetes']);
  });

  it('answers 415 for a file of another kind, with what it takes', async () => {
    for (const [type, name] of [
      ['image/png', 'photo.png'],
      ['application/octet-stream', undefined],
      ['application/json', 'cv.doc'],
      [null, undefined],
    ] as const) {
      const res = await upload('x', type, name);
      expect(res.statusCode, `${type} ${name}`).toBe(415);
      expect(res.json<{ error: string }>().error).toMatch(
        /^The CV must be a \.txt, \.pdf or \.docx file/,
      );
    }
  });

  it('answers 422 for a file that has no text to give, saying what to do', async () => {
    const drawing = await pdf((doc) => doc.rect(10, 10, 50, 50).fill());
    for (const [body, type, message] of [
      [strToU8('not a pdf at all'), 'application/pdf', 'The file is not a PDF'],
      [drawing, 'application/pdf', 'The PDF has no text to read'],
      [strToU8('PK but no zip'), DOCX_TYPE, 'The file is not a .docx'],
      [strToU8('   \n  '), 'text/plain', 'The file has no text'],
    ] as const) {
      const res = await upload(body, type);
      expect(res.statusCode, message).toBe(422);
      expect(res.json<{ error: string }>().error).toContain(message);
    }
  });

  it('answers 413 for a file over its own limit, above the API’s usual one', async () => {
    // 1 MB passes the body limit the API has elsewhere (256 kB); its text is over a profile's.
    const fits = Buffer.alloc(1024 * 1024, 'a');
    expect((await upload(fits, 'text/plain', 'cv.txt')).statusCode).toBe(422);
    const big = Buffer.alloc(FIT_CV_UPLOAD_MAX_BYTES + 1, 'a');
    const res = await upload(big, 'text/plain', 'cv.txt');
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: string }>().error).toBe(
      'The file is larger than 10 MB: upload the CV as a smaller file, or paste its text.',
    );
  });

  it('answers 400 for a query string it does not take', async () => {
    const res = await server.authed({
      method: 'POST',
      url: '/api/v1/fit-profiles/cv-text?name=cv.txt&store=yes',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain('The query string takes only name');
  });
});
