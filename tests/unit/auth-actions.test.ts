import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import { createApiClient } from "@/lib/api/client";
import { ApiError, isWrongCenter } from "@/lib/api/errors";
import { userKeys } from "@/lib/api/query-keys";
import { signIn, signOut } from "@/lib/auth/auth-actions";
import { type AuthState, createAuthState } from "@/lib/auth/auth-state";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/vnd.api+json" },
  });

const currentUserDocument = {
  data: {
    id: "12",
    type: "user",
    attributes: { email: "jane@example.com", first_name: "Jane" },
    relationships: { roles: { data: [{ id: "3", type: "role" }] } },
  },
  included: [
    {
      id: "3",
      type: "role",
      attributes: { name: "admin", resource_type: null, resource_id: null },
    },
  ],
};

function setup(routes: Record<string, () => Response>) {
  const calls: string[] = [];
  const client = createApiClient({
    baseUrl: "",
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const key = `${init.method} ${String(input)}`;
      calls.push(key);
      const route = routes[key];
      if (!route) throw new TypeError(`no route for ${key}`);
      return route();
    }) as typeof fetch,
  });
  return { client, calls };
}

describe("auth actions", () => {
  let state: AuthState;
  let queryClient: QueryClient;

  beforeEach(() => {
    state = createAuthState();
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });

  it("signs in, then loads the current user with roles into the state and the cache", async () => {
    const { client, calls } = setup({
      "POST /api/auth/sign_in": () => json({ data: { id: 12, email: "jane@example.com" } }),
      "GET /api/v1/current_user?include=roles": () => json(currentUserDocument),
    });
    const user = await signIn({ client, queryClient, state }, "jane@example.com", "secret");

    expect(calls).toEqual(["POST /api/auth/sign_in", "GET /api/v1/current_user?include=roles"]);
    expect(user).toMatchObject({ id: "12", firstName: "Jane" });
    expect(state.getSnapshot()).toMatchObject({
      status: "SIGNED_IN",
      user: { id: "12" },
      roles: [{ id: "3", name: "admin", resourceType: null, resourceId: null }],
    });
    expect(queryClient.getQueryData(userKeys.current())).toEqual(user);
  });

  it("throws the wrong center refusal and stays signed out", async () => {
    const { client, calls } = setup({
      "POST /api/auth/sign_in": () => json({ success: false, errors: ["wrong center"] }, 401),
    });
    const error = await signIn({ client, queryClient, state }, "jane@example.com", "x").catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(isWrongCenter(error)).toBe(true);
    expect(calls).toEqual(["POST /api/auth/sign_in"]);
    expect(state.getSnapshot().status).toBe("SIGNED_OUT");
  });

  it("signs out even when the sign-out call fails, and empties the cache", async () => {
    const { client, calls } = setup({
      "DELETE /api/auth/sign_out": () =>
        json({ success: false, errors: ["User was not found or was not logged in."] }, 404),
    });
    state.signedIn({ id: "12" }, []);
    queryClient.setQueryData(userKeys.current(), { id: "12" });

    await signOut({ client, queryClient, state });

    expect(calls).toEqual(["DELETE /api/auth/sign_out"]);
    expect(state.getSnapshot().status).toBe("SIGNED_OUT");
    expect(queryClient.getQueryData(userKeys.current())).toBeUndefined();
  });
});
