/**
 * Client state of the user's organizations (spec §4). The selected id persists across
 * sessions in localStorage; `selectedId` only ever names an organization of the loaded
 * list, so a stale stored id is never sent as Current-Organization-Id.
 */
import { createStore } from "@/lib/store/create-store";
import { type Organization, selectOrganization } from "./select-organization";

export const ORGANIZATION_STORAGE_KEY = "volunteerly.organization_id";

export interface OrganizationState {
  organizations: Organization[];
  selectedId: string | null;
  /** The list came from the api (false before the first load and after reset). */
  loaded: boolean;
  /**
   * spec §3/§4: the current volunteer centre (from the desk, or the site's default).
   * Site context, not the user's, so reset() keeps it.
   */
  volunteerCenterId: string | null;
}

export interface OrganizationStore {
  getSnapshot: () => OrganizationState;
  getServerSnapshot: () => OrganizationState;
  subscribe: (listener: () => void) => () => void;
  /** Stores a freshly loaded list and applies selectOrganization to it. */
  setOrganizations: (organizations: Organization[]) => void;
  /** Selects an organization of the list; returns false (and changes nothing) otherwise. */
  select: (id: string) => boolean;
  setVolunteerCenterId: (id: string | null) => void;
  /** Forgets the organizations and the persisted selection (the user was cleared). */
  reset: () => void;
}

type StorageGetter = () => Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;

const browserStorage: StorageGetter = () => {
  if (typeof window === "undefined") return null; // SSR
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
};

const INITIAL_STATE: OrganizationState = Object.freeze({
  organizations: [],
  selectedId: null,
  loaded: false,
  volunteerCenterId: null,
}) as OrganizationState;

export function createOrganizationStore(
  storage: StorageGetter = browserStorage,
): OrganizationStore {
  const store = createStore<OrganizationState>(INITIAL_STATE);

  const persist = (id: string | null) => {
    try {
      if (id === null) storage()?.removeItem(ORGANIZATION_STORAGE_KEY);
      else storage()?.setItem(ORGANIZATION_STORAGE_KEY, id);
    } catch {
      // A full or blocked storage costs only the remembered selection.
    }
  };
  const stored = () => {
    try {
      return storage()?.getItem(ORGANIZATION_STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  };

  return {
    getSnapshot: store.getSnapshot,
    getServerSnapshot: () => INITIAL_STATE,
    subscribe: store.subscribe,
    setOrganizations(organizations) {
      const selectedId = selectOrganization(organizations, stored());
      persist(selectedId);
      store.setState({ organizations, selectedId, loaded: true });
    },
    select(id) {
      const { organizations } = store.getSnapshot();
      if (!organizations.some((organization) => String(organization.id) === id)) return false;
      persist(id);
      store.setState({ selectedId: id });
      return true;
    },
    setVolunteerCenterId(volunteerCenterId) {
      store.setState({ volunteerCenterId });
    },
    reset() {
      persist(null);
      store.setState((state) => ({ ...INITIAL_STATE, volunteerCenterId: state.volunteerCenterId }));
    },
  };
}

/** The browser's store. On the server it is never written (see getServerSnapshot). */
export const organizationStore = createOrganizationStore();

/** Headers for the api client (spec §7), only for values that are set. */
export function organizationHeaders(state: OrganizationState): Record<string, string> {
  const headers: Record<string, string> = {};
  if (state.selectedId) headers["Current-Organization-Id"] = state.selectedId;
  if (state.volunteerCenterId) headers["Volunteer-Center-Id"] = state.volunteerCenterId;
  return headers;
}
