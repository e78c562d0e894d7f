/** One job as the search results show it (guest search or AI search). */
export interface JobCard {
  jobId: string;
  title: string;
  companyName: string;
  /** The `/company/<slug>` of the card's company link; null when the card has no link. */
  companySlug: string | null;
  location: string | null;
  salary: string | null;
  /** ISO date (YYYY-MM-DD) from the card's `<time datetime>`; null when absent (AI cards). */
  postedDate: string | null;
  /** As shown, e.g. "2 days ago". */
  postedText: string | null;
  /** Canonical link without tracking parameters (see canonicalJobUrl). */
  url: string;
}

/** One page of results, in the order the site returned them. */
export interface SearchPage {
  /** Absolute offset of this page's first card. */
  start: number;
  cards: JobCard[];
  /** Cards on the page that could not be parsed (missing id, title or company). */
  skippedCards: number;
  /** Where the next page starts: resume a search from here with `startAt`. */
  nextStart: number;
}

/** What the guest details page adds to a card (the enriching step). */
export interface JobDetails {
  jobId: string;
  title: string;
  companyName: string | null;
  companySlug: string | null;
  location: string | null;
  postedText: string | null;
  /** Plain text with paragraph breaks ("\n\n") and line breaks; never HTML. */
  description: string;
  /**
   * The description's inner HTML exactly as the site sent it: untrusted, to be sanitised
   * before anything shows it.
   */
  descriptionHtml: string;
  seniority: string | null;
  employmentType: string | null;
  jobFunction: string | null;
  industries: string | null;
  /** As shown, e.g. "Over 200 applicants". */
  applicantsText: string | null;
  /** The number in applicantsText (200 for "Over 200 applicants"), null when none. */
  applicantsCount: number | null;
  salary: string | null;
  easyApply: boolean;
  url: string;
  /**
   * Issue 41: the top card's `closed-job` figure says the posting no longer takes applications.
   * A closed page shows no apply button, so its `easyApply` is false whatever the job was.
   */
  closed: boolean;
  /** The employer's own apply address (http(s) only, LinkedIn's wrapper removed); null when none. */
  applyUrl: string | null;
  /** The company's numeric id where the page gives it (digits); null when it does not. */
  companyId: string | null;
}

export interface TypeaheadHit {
  id: string;
  displayName: string;
}

export interface Company {
  id: string;
  name: string;
  /** The company's slug, as in `/company/<universalName>`. */
  universalName: string;
}
