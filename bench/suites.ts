import type { BenchSuite } from './report';

// Each bench module registers here; keep the list in the order the figures should print.
export const suites: BenchSuite[] = [];
