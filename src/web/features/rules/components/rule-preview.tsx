import { Spinner } from '../../../components/ui/spinner';
import { useRulePreview, type PreviewInput } from '../api/preview-rule';
import { storedJobs } from '../rule-labels';

/**
 * "Matches 42 stored jobs", with a few of their titles: asked again a moment after each change
 * to the conditions (the editor debounces `input`), whatever the jobs' states.
 */
export function RulePreview({ input, why }: { input: PreviewInput | null; why: string | null }) {
  const preview = useRulePreview(input);
  const data = input ? preview.data : null;
  return (
    <section
      aria-label="Preview"
      aria-busy={preview.isFetching || undefined}
      className="rounded-md border border-line bg-surface-muted px-4 py-3"
    >
      <div role="status" className="text-sm">
        {why ? (
          <span className="text-fg-muted">{why}</span>
        ) : preview.isError ? (
          <span className="text-danger-fg">
            Could not preview the rule: {preview.error.message}
          </span>
        ) : data ? (
          <span className="font-medium text-fg">Matches {storedJobs(data.matches)}</span>
        ) : (
          <span className="inline-flex items-center gap-2 text-fg-muted">
            <Spinner className="size-4" />
            Counting matching jobs…
          </span>
        )}
      </div>
      {!why && data && data.examples.length > 0 ? (
        <ul
          aria-label="Some of the matching jobs"
          className={
            preview.isPlaceholderData
              ? 'mt-2 flex flex-col gap-1 text-sm text-fg-soft opacity-60'
              : 'mt-2 flex flex-col gap-1 text-sm text-fg-soft'
          }
        >
          {data.examples.map((job) => (
            <li key={job.id} className="break-words">
              {job.title}
              {job.company_name ? (
                <span className="text-fg-subtle"> · {job.company_name}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
