import { APPLICATION_STAGES, type ApplicationStage } from '../../contract/pipeline';

/**
 * How far along an application went: reaching a later stage counts as having passed the earlier
 * ones. Accepted comes after Offer; the closing outcomes (rejected, withdrawn, no answer) and
 * Saved move nothing along.
 */
export const FUNNEL_RANK: Partial<Record<ApplicationStage, number>> = {
  applied: 1,
  screening: 2,
  interviewing: 3,
  offer: 4,
  accepted: 5,
};

/** The stages that count as having reached `stage`: it and every later one of the funnel. */
export function stagesReaching(stage: ApplicationStage): ApplicationStage[] {
  const rank = FUNNEL_RANK[stage] ?? Infinity;
  return APPLICATION_STAGES.filter((s) => (FUNNEL_RANK[s] ?? -Infinity) >= rank);
}
