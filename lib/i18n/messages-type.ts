/** A messages tree as in messages/*.json: groups of texts, nested by namespace. */
export type Messages = { [key: string]: string | Messages };
