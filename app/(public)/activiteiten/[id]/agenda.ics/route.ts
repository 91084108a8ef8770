import { oneActivityResponse } from "@/lib/activities/ics-response";

/** /activiteiten/:id/agenda.ics: one activity to add to a calendar ("Zet in je agenda"). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return oneActivityResponse(id);
}
