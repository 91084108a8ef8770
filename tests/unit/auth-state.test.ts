import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type AuthState,
  authState,
  createAuthState,
  isSignedIn,
  type Role,
  USER_CLEAR_DELAY_MS,
} from "@/lib/auth/auth-state";
import { createOrganizationStore, organizationStore } from "@/lib/organizations/organization-store";

const admin: Role = { id: "3", name: "admin", resourceType: null, resourceId: null };
const jane = { id: "12", email: "jane@example.com", roles: [admin] };

describe("auth state", () => {
  let state: AuthState;
  let cleared: number;

  beforeEach(() => {
    vi.useFakeTimers();
    cleared = 0;
    state = createAuthState({ onUserCleared: () => cleared++ });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts signed out without a user", () => {
    expect(state.getSnapshot()).toEqual({ status: "SIGNED_OUT", user: null, roles: [] });
  });

  it("holds the user and roles after sign-in, taking roles from the user by default", () => {
    state.signedIn(jane);
    expect(state.getSnapshot()).toEqual({ status: "SIGNED_IN", user: jane, roles: [admin] });
  });

  it("shows sign-out at once but clears user and roles only after 500 ms", () => {
    expect(USER_CLEAR_DELAY_MS).toBe(500);
    state.signedIn(jane, [admin]);
    state.signedOut();
    expect(state.getSnapshot().status).toBe("SIGNED_OUT");

    vi.advanceTimersByTime(499);
    expect(state.getSnapshot().user).toEqual(jane);
    expect(state.getSnapshot().roles).toEqual([admin]);
    expect(cleared).toBe(0);

    vi.advanceTimersByTime(1);
    expect(state.getSnapshot()).toEqual({ status: "SIGNED_OUT", user: null, roles: [] });
    expect(cleared).toBe(1);
  });

  it("cancels the pending clear when someone signs in within 500 ms", () => {
    const john = { id: "13", email: "john@example.com" };
    state.signedIn(jane);
    state.signedOut();
    vi.advanceTimersByTime(300);
    state.signedIn(john, []);
    vi.advanceTimersByTime(1000);
    expect(state.getSnapshot()).toEqual({ status: "SIGNED_IN", user: john, roles: [] });
    expect(cleared).toBe(0);
  });

  it("does not postpone the clear when sign-out is seen twice", () => {
    state.signedIn(jane);
    state.signedOut();
    vi.advanceTimersByTime(400);
    state.signedOut();
    vi.advanceTimersByTime(100);
    expect(state.getSnapshot().user).toBeNull();
  });

  it("notifies subscribers on every change", () => {
    const seen: string[] = [];
    const unsubscribe = state.subscribe(() => seen.push(state.getSnapshot().status));
    state.signedIn(jane);
    state.signedOut();
    unsubscribe();
    state.signedIn(jane);
    expect(seen).toEqual(["SIGNED_IN", "SIGNED_OUT"]);
  });

  it("takes the server's view only once", () => {
    state.hydrate(true);
    expect(state.getSnapshot().status).toBe("SIGNED_IN");
    state.hydrate(false);
    expect(state.getSnapshot().status).toBe("SIGNED_IN");
  });

  it("resets the organization store when the user is cleared", () => {
    const organizations = createOrganizationStore(() => null);
    const wired = createAuthState({ onUserCleared: organizations.reset });
    organizations.setOrganizations([{ id: "2", type: "School" }]);
    wired.signedIn(jane);
    wired.signedOut();

    vi.advanceTimersByTime(499);
    expect(organizations.getSnapshot().selectedId).toBe("2");
    vi.advanceTimersByTime(1);
    expect(organizations.getSnapshot()).toMatchObject({
      organizations: [],
      selectedId: null,
      loaded: false,
    });
  });
});

describe("sign-out before the user was loaded", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("still resets the organization store 500 ms later", () => {
    const organizations = createOrganizationStore(() => null);
    const wired = createAuthState({ onUserCleared: organizations.reset });
    wired.hydrate(true);
    organizations.setOrganizations([{ id: "7", type: "VolunteerCenter" }]);
    wired.signedOut();
    vi.advanceTimersByTime(500);
    expect(organizations.getSnapshot().selectedId).toBeNull();
  });
});

describe("the app's auth state", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("resets the app's organization store 500 ms after sign-out", () => {
    vi.useFakeTimers();
    organizationStore.setOrganizations([{ id: "2", type: "School" }]);
    authState.signedIn(jane);
    authState.signedOut();
    vi.advanceTimersByTime(500);
    expect(organizationStore.getSnapshot().selectedId).toBeNull();
    expect(organizationStore.getSnapshot().loaded).toBe(false);
  });
});

describe("isSignedIn", () => {
  it("is true only when access token, client and uid are all present", () => {
    expect(isSignedIn({ accessToken: "t", client: "c", uid: "jane@example.com" })).toBe(true);
    expect(isSignedIn({ accessToken: "t", client: "c" })).toBe(false);
    expect(isSignedIn({ accessToken: "", client: "c", uid: "u" })).toBe(false);
    expect(isSignedIn({ accessToken: "t", client: undefined, uid: "u" })).toBe(false);
    expect(isSignedIn(null)).toBe(false);
  });
});
