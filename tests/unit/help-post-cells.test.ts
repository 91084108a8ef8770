import { describe, expect, it } from "vitest";
import { cellBounds, cellsOf } from "@/lib/peer-help/help-post-cells";
import type { THelpPost } from "@/lib/peer-help/help-post-types";

// The peer-help map draws one place per grid cell: posts that share a cell's centre are
// one cell, in the order their first post came, named by that post's town.

const post = (id: string, latitude: number, longitude: number, city: string | null) =>
  ({ id, latitude, longitude, city }) as THelpPost;

describe("the cells of the posts", () => {
  it("groups posts at one centre, keeps the list's order, and names the cell by its first post", () => {
    const cells = cellsOf([
      post("1", 52.45, 5.9, "Oldebroek"),
      post("2", 52.39, 5.99, "Wezep"),
      post("3", 52.45, 5.9, "Hattem"),
    ]);
    expect(cells.map((c) => [c.key, c.city, c.posts.map((p) => p.id)])).toEqual([
      ["52.45,5.9", "Oldebroek", ["1", "3"]],
      ["52.39,5.99", "Wezep", ["2"]],
    ]);
  });

  it("bounds the cells west, south, east, north; none without posts", () => {
    const cells = cellsOf([post("1", 52.45, 5.9, null), post("2", 52.39, 5.99, null)]);
    expect(cellBounds(cells)).toEqual([5.9, 52.39, 5.99, 52.45]);
    expect(cellBounds([])).toBeNull();
    expect(cellsOf([])).toEqual([]);
  });
});
