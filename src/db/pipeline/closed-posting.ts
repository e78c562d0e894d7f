// A posting that closed while its job sat at Saved ends what the step was for: one cannot apply
// any more. Such an application reminds of nothing and leaves the calendar feed, as a closed
// stage does (decision 059), until the operator moves it or the posting is found open again. From
// Applied on the application goes on whatever the posting does (decision 065): nothing changes.

/** True for an application (`a`) at Saved whose job (`j`) is closed. */
export const SAVED_AND_POSTING_CLOSED_SQL = `(a.stage = 'saved' AND j.closed_at IS NOT NULL)`;
