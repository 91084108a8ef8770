/**
 * What the api and the web both know about "download my data" (docs/data-exports.md): the
 * states of an export and how long its mailed link works.
 */

export const DATA_EXPORT_STATUSES = ["pending", "ready", "failed", "expired"] as const;
export type TDataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** The mailed download link, and the file behind it, last this long. */
export const DATA_EXPORT_LINK_HOURS = 24;
