import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { deskKeys } from "@/lib/api/query-keys";

/** spec §3: the desk named 'Balie NOV' is never on the active list. */
export const EXCLUDED_DESK_NAME = "Balie NOV";

export type TDeskAddress = {
  id?: string;
  street: string | null;
  houseNumber: string | null;
  postalCode: string | null;
  city: string | null;
  country?: string | null;
  latitude: number | null;
  longitude: number | null;
};

/** A desk as GET /api/v1/meedoen/desks/all and PATCH answer it (docs/desks-admin.md). */
export type TManagedDesk = {
  id: string;
  azcName: string;
  slug: string;
  volunteerCenterId: number | string;
  organizationId: number | string | null;
  email: string | null;
  phone: string | null;
  welcomeTitle: string | null;
  welcomeBody: string | null;
  active: boolean;
  address?: TDeskAddress | null;
};

/** Why a desk is not on the active list (spec §3), or null when it is. */
export type TInactiveReason = "excludedName" | "noCoordinates";

export function inactiveReason(
  desk: Pick<TManagedDesk, "azcName" | "address">,
): TInactiveReason | null {
  if (desk.azcName === EXCLUDED_DESK_NAME) return "excludedName";
  if (desk.address?.latitude == null || desk.address?.longitude == null) return "noCoordinates";
  return null;
}

const byName = (a: TManagedDesk, b: TManagedDesk) =>
  a.azcName.localeCompare(b.azcName, "nl", { sensitivity: "base" }) || Number(a.id) - Number(b.id);

/**
 * spec §3's active list (not 'Balie NOV', with coordinates, by azcName) and the rest,
 * shown apart so they can be fixed; each sorted by name.
 */
export function splitDesks(desks: readonly TManagedDesk[]): {
  active: TManagedDesk[];
  inactive: { desk: TManagedDesk; reason: TInactiveReason }[];
} {
  const active: TManagedDesk[] = [];
  const inactive: { desk: TManagedDesk; reason: TInactiveReason }[] = [];
  for (const desk of [...desks].sort(byName)) {
    const reason = inactiveReason(desk);
    if (reason === null) active.push(desk);
    else inactive.push({ desk, reason });
  }
  return { active, inactive };
}

const ALL_PATH = "/api/v1/meedoen/desks/all";
const deskPath = (id: string) => `/api/v1/meedoen/desks/${encodeURIComponent(id)}`;

/** Every desk of the centres the user administers, inactive ones too, with addresses. */
export function managedDesksQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: deskKeys.managed(),
    queryFn: async ({ signal }) =>
      (await client.get<TManagedDesk[]>(ALL_PATH, { query: { include: "address" }, signal })).data,
  });
}

/** What the form sends: POST's attributes (docs/desks-admin.md). */
export type TDeskAttributes = {
  azcName?: string;
  slug?: string;
  volunteerCenterId?: string;
  email?: string | null;
  phone?: string | null;
  address?: Partial<Omit<TDeskAddress, "id">>;
  welcomeTitle?: string | null;
  welcomeBody?: string | null;
};

/** spec §7: POST /api/v1/meedoen/desks with data{type desks, attributes}. */
export async function createDesk(client: ApiClient, attributes: TDeskAttributes) {
  const response = await client.post<TManagedDesk>("/api/v1/meedoen/desks", {
    data: { type: "desks", attributes },
  });
  return response.data;
}

export async function updateDesk(client: ApiClient, id: string, attributes: TDeskAttributes) {
  const response = await client.patch<TManagedDesk>(
    deskPath(id),
    { data: { type: "desks", id, attributes } },
    { query: { include: "address" } },
  );
  return response.data;
}

export async function deleteDesk(client: ApiClient, id: string): Promise<void> {
  await client.delete(deskPath(id));
}
