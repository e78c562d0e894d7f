import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../src/server/config';
import { renderInstructionsPdf } from './render-instructions-pdf';

// `npm run build` step after `vite build` (which empties dist/web): renders the cookie
// instructions kept in docs/instructions/ to dist/web/instructions.pdf, which the server
// serves as the static file /instructions.pdf (SPEC.md §2, Settings).
// The site name comes from SITE_NAME through the server's own configuration parser, so the
// PDF and the dashboard name the site the same way; the PDF is fixed at build time, so a
// changed SITE_NAME needs a rebuild (npm start always builds first).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'docs/instructions/how-to-retrieve-cookies.md');
const target = path.join(root, 'dist/web/instructions.pdf');

async function main(): Promise<void> {
  let siteName: string;
  try {
    siteName = loadConfig(process.env).siteName;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`instructions.pdf: ${error.message}`);
    process.exitCode = 1;
    return;
  }
  const pdf = await renderInstructionsPdf(await readFile(source, 'utf8'), siteName);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, pdf);
  console.log(`instructions.pdf: ${path.relative(root, target)} (${pdf.length} bytes)`);
}

await main();
