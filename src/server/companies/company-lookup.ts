/** A company as the site's signed-in lookup by id names it. */
export interface LookedUpCompany {
  name: string;
  /** The `/company/<slug>` name, when the site sent one. */
  slug: string | null;
}

/**
 * The site's signed-in company lookup by numeric id, with the stored cookies. Resolves null
 * when the site says there is no such company; rejects for every other failure (no or expired
 * cookies, throttling, network, an answer that cannot be parsed).
 */
export type CompanyLookup = (id: number, cookies: string) => Promise<LookedUpCompany | null>;
