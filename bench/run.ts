import { formatFigure, type BenchSuite } from './report';
import { suites } from './suites';

// Runs every suite (or those named on the command line) and prints each figure beside its
// budget. Exits non-zero when a figure is over budget, so a regression is visible in CI logs.
async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const chosen: BenchSuite[] = wanted.length
    ? suites.filter((s) => wanted.includes(s.name))
    : suites;
  let over = 0;
  for (const suite of chosen) {
    console.log(`\n${suite.name}`);
    const figures = await suite.run();
    for (const f of figures) {
      console.log(formatFigure(f));
      if (f.ok === false) over += 1;
    }
  }
  console.log(over === 0 ? '\nall figures within budget' : `\n${over} figure(s) over budget`);
  process.exitCode = over === 0 ? 0 : 1;
}

await main();
