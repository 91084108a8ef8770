import type { ApiClient } from "@/lib/api";
import type { TPoolInvitationEvent } from "@/lib/contract/pool";
import type { TPoolInvitation } from "./pool-types";

/** POST /api/v1/pool_invitations: ask a volunteer of the pool for one of the centre's vacancies. */
export async function createPoolInvitation(
  client: ApiClient,
  input: { volunteerId: string; vacancyId: string; message: string },
): Promise<TPoolInvitation> {
  const response = await client.post<TPoolInvitation>("/api/v1/pool_invitations", {
    data: {
      type: "pool_invitations",
      attributes: { message: input.message },
      relationships: {
        volunteer: { data: { type: "volunteers", id: input.volunteerId } },
        vacancy: { data: { type: "vacancies", id: input.vacancyId } },
      },
    },
  });
  return response.data;
}

/** PUT /api/v1/pool_invitations/:id/transition: the invited volunteer accepts or declines. */
export async function answerPoolInvitation(
  client: ApiClient,
  id: string,
  event: TPoolInvitationEvent,
): Promise<TPoolInvitation> {
  const response = await client.put<TPoolInvitation>(
    `/api/v1/pool_invitations/${encodeURIComponent(id)}/transition`,
    { data: { type: "pool_invitations", id, attributes: { event } } },
  );
  return response.data;
}
