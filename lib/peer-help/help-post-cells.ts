import type { THelpPost } from "./help-post-types";

/**
 * The posts of one ~500 m cell (docs/peer-help.md): the api gives every post its cell's
 * centre, so posts at one centre are one place on the map, whatever their exact points.
 */
export type THelpPostCell = {
  key: string;
  latitude: number;
  longitude: number;
  /** The town of the cell's newest post. */
  city: string | null;
  posts: THelpPost[];
};

export const cellKey = (post: Pick<THelpPost, "latitude" | "longitude">) =>
  `${post.latitude},${post.longitude}`;

/** The cells of these posts, in the order their first post came. */
export function cellsOf(posts: readonly THelpPost[]): THelpPostCell[] {
  const cells = new Map<string, THelpPostCell>();
  for (const post of posts) {
    const key = cellKey(post);
    const cell = cells.get(key);
    if (cell) cell.posts.push(post);
    else
      cells.set(key, {
        key,
        latitude: post.latitude,
        longitude: post.longitude,
        city: post.city,
        posts: [post],
      });
  }
  return [...cells.values()];
}

/** West, south, east, north around the cells; null without any. */
export function cellBounds(
  cells: readonly THelpPostCell[],
): [number, number, number, number] | null {
  if (cells.length === 0) return null;
  const lats = cells.map((c) => c.latitude);
  const lngs = cells.map((c) => c.longitude);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}
