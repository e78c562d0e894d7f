// The simulated LinkedIn: an in-process HTTP server that answers in the site's documented
// shapes (see ../shared/LINKEDIN.md), for tests, the demo and benchmarks.
export {
  startSimulator,
  type Simulator,
  type SimulatorOptions,
  type RequestLogEntry,
  type RepostTruth,
  type ClosureTruth,
} from './server';
export { APPLY_SHAPES, closedCaption, type ApplyShape, type JobFactsTruth } from './job-facts';
export type { DroppedField, FaultSpec, Faults } from './faults';
export { VALID_COOKIES, EXPIRED_COOKIES, SIMULATOR_LI_AT, SIMULATOR_JSESSIONID } from './session';
export type { Catalogue, FeaturedPosting, SimCompany, SimJob } from './catalogue';
export { PLACES, type Place } from './places';
export { GUEST_OFFSET_LIMIT, GUEST_PAGE_SIZE, AI_PAGE_SIZE } from './search-results';
export { renderGuestCards } from './render-guest-cards';
export { renderJobDetails, renderJobViewPage } from './render-job-details';
export { renderRscSearchPage } from './render-rsc';
export { CATALOGUE_NOW, DAY_MS, buildCatalogue } from './catalogue';
export {
  FIT_KEYWORDS,
  fitTruthOf,
  makeFitJob,
  type FitJobTruth,
  type FitTruthAnswer,
} from './fit-catalogue';
export { FIT_PROFILE_KEYS, FIT_PROFILES, type FitProfileKey, type FitTruth } from './fit-profiles';
export type { FitPosting } from './fit-postings';
export type { SiteClock } from './clock';
export { guestFiltersFromUrl, type GuestFilters, type SearchResults } from './search-results';
