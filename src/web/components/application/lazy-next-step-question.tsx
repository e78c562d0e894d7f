import { lazy, Suspense } from 'react';
import type { NextStepQuestionProps } from './next-step-question';

// Radix's alert dialog loads when a move first asks, not with the board or the panel.
const NextStepQuestion = lazy(() =>
  import('./next-step-question').then((m) => ({ default: m.NextStepQuestion })),
);

/** NextStepQuestion, loaded when first rendered: render it only when a move asks. */
export function LazyNextStepQuestion(props: NextStepQuestionProps) {
  return (
    <Suspense fallback={null}>
      <NextStepQuestion {...props} />
    </Suspense>
  );
}
