import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { invalidateKeys, makeQueryClient, shouldRetry } from "@/lib/api/query-client";
import { organizationKeys, userKeys } from "@/lib/api/query-keys";

describe("shouldRetry", () => {
  it("retries a server error, a network failure or an unknown error once", () => {
    for (const error of [
      new ApiError({ statusCode: 503 }),
      new ApiError({ statusCode: 0 }),
      new Error("x"),
    ]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(false);
    }
  });

  it("never retries a 4xx", () => {
    expect(shouldRetry(0, new ApiError({ statusCode: 401 }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ statusCode: 422 }))).toBe(false);
  });
});

describe("makeQueryClient", () => {
  it("keeps data fresh for 30 s and does not retry mutations", () => {
    const options = makeQueryClient().getDefaultOptions();
    expect(options.queries?.staleTime).toBe(30_000);
    expect(options.mutations?.retry).toBe(false);
  });
});

describe("invalidateKeys", () => {
  it("marks exactly the given keys stale", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(userKeys.current(), { id: "1" });
    queryClient.setQueryData(userKeys.detail("2"), { id: "2" });
    queryClient.setQueryData(organizationKeys.current(), []);
    await invalidateKeys(queryClient, [userKeys.current(), organizationKeys.all]);
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(userKeys.current())).toBe(true);
    expect(stale(organizationKeys.current())).toBe(true);
    expect(stale(userKeys.detail("2"))).toBe(false);
  });
});
