/**
 * The dates of a recurring activity live in lib/contract/activity-recurrence.ts: the web's
 * form previews the very dates the api will make from them.
 */
export * from "../../lib/contract/activity-recurrence";
