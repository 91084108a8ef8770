/**
 * What the api and the web both know about peer help (docs/peer-help.md): residents post a
 * request for help or an offer of it, and others answer through a conversation. Where a
 * post is, is only ever told on a grid of about 500 m (HELP_GRID): the exact point is kept
 * for the poster's own edits, never shown and never searched on.
 */

export const HELP_POST_KINDS = ["request", "offer"] as const;
export type THelpPostKind = (typeof HELP_POST_KINDS)[number];

/**
 * What is stored: open → closed by the poster (and reopened), hidden by a centre admin (and
 * shown again). `expired` is never stored: an open post past its expires_at is presented as
 * expired and left out of every list, so time alone ends it, with no job to run.
 */
export const STORED_HELP_POST_STATUSES = ["open", "closed", "hidden"] as const;
export const HELP_POST_STATUSES = [...STORED_HELP_POST_STATUSES, "expired"] as const;
export type TStoredHelpPostStatus = (typeof STORED_HELP_POST_STATUSES)[number];
export type THelpPostStatus = (typeof HELP_POST_STATUSES)[number];

export const HELP_POST_EVENTS = ["close", "hide", "reopen"] as const;
export type THelpPostEvent = (typeof HELP_POST_EVENTS)[number];

/** The kinds of help neighbours most often ask each other for. */
export const HELP_POST_CATEGORIES = [
  "company",
  "shopping",
  "transport",
  "odd_jobs",
  "garden",
  "computer",
  "paperwork",
  "language",
  "pets",
  "other",
] as const;
export type THelpPostCategory = (typeof HELP_POST_CATEGORIES)[number];

export const HELP_POST_LIMITS = {
  title: 120,
  body: 2000,
  /** When: free text ("dinsdagmiddag", "een keer per week"). */
  timing: 200,
  hiddenReason: 500,
  /** The largest distance filter, in kilometres. */
  radiusKm: 50,
} as const;

/** A post leaves the list this many days after it was posted (or reopened). */
export const HELP_POST_LIFETIME_DAYS = 60;

/**
 * The grid: cells of 1/222° latitude (≈ 500 m) by 1/136° longitude (≈ 500 m at 52° N, the
 * middle of the Netherlands). A post's place is its cell's centre.
 */
export const HELP_GRID = { latCellsPerDegree: 222, lngCellsPerDegree: 136 } as const;
