import type { SecondOpinion, SecondOpinionPoint } from '../../../../contract/fit-llm';
import { formatDateTime } from '../../../components/ui/date-time';
import type { JobDetail } from '../api/jobs-schema';

// "Second opinion" (issue 40, docs/decisions/067): what the operator's language model said of the
// job against a profile, beside the local fit and never instead of it. Its score is a plain
// number, not a band: the bands' words and colours belong to the local score. Loaded on demand,
// with the job's detail, and only for a job that has one.

export interface SecondOpinionsProps {
  opinions: readonly SecondOpinion[];
  /** The job's local fits: each opinion names its profile and shows its local score beside. */
  fits: JobDetail['fits'];
}

export function SecondOpinions({ opinions, fits }: SecondOpinionsProps) {
  if (opinions.length === 0) return null;
  return (
    <section aria-labelledby="job-second-opinion-heading" className="mt-6">
      <h3 id="job-second-opinion-heading" className="mb-2 text-sm font-semibold text-fg">
        Second opinion
      </h3>
      <div className="flex flex-col gap-4">
        {opinions.map((opinion) => (
          <OpinionCard
            key={opinion.profile_id}
            opinion={opinion}
            local={fits?.find((fit) => fit.profile_id === opinion.profile_id)}
            several={opinions.length > 1}
          />
        ))}
      </div>
    </section>
  );
}

function OpinionCard({
  opinion,
  local,
  several,
}: {
  opinion: SecondOpinion;
  local: NonNullable<JobDetail['fits']>[number] | undefined;
  several: boolean;
}) {
  const dropped = opinion.dropped_quotes;
  return (
    <article
      aria-label={`Second opinion${local && several ? ` for ${local.profile_name}` : ''}`}
      className="rounded-md border border-line-soft bg-surface-muted px-4 py-3 text-sm"
    >
      {/* A model's name may be one long word (hf.co/…/Model-GGUF:Q4_K_M): it wraps anywhere. */}
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 [overflow-wrap:anywhere]">
        <span className="font-semibold text-fg">{`${opinion.model}: ${opinion.score} of 100`}</span>
        {local ? (
          <span className="text-fg-muted">
            {`Local fit ${local.score}${several ? ` (${local.profile_name})` : ''}`}
          </span>
        ) : null}
      </p>
      <p className="mt-1 text-fg-soft [overflow-wrap:anywhere]">{opinion.verdict}</p>
      <PointList title="Strengths" points={opinion.strengths} />
      <PointList title="Gaps" points={opinion.gaps} />
      <p className="mt-2 text-xs text-fg-subtle">
        {`Asked ${formatDateTime(opinion.at)}`}
        {opinion.stale ? ' about an earlier version of the profile' : ''}
        {dropped > 0
          ? `. ${dropped} ${dropped === 1 ? 'point was' : 'points were'} left out: ${dropped === 1 ? 'its quote is' : 'their quotes are'} not in the job's text`
          : ''}
      </p>
    </article>
  );
}

function PointList({ title, points }: { title: string; points: readonly SecondOpinionPoint[] }) {
  if (points.length === 0) return null;
  return (
    <div className="mt-2">
      <h4 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{title}</h4>
      <ul className="mt-1 flex flex-col gap-1.5">
        {points.map((p, i) => (
          <li key={i} className="[overflow-wrap:anywhere]">
            <span className="text-fg">{p.point}</span>
            <q className="mt-0.5 block border-l-2 border-line pl-2 text-fg-muted italic">
              {p.quote}
            </q>
          </li>
        ))}
      </ul>
    </div>
  );
}
