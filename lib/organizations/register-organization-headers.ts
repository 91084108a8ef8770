/**
 * Imported for its effect by the organization provider: the browser api client sends
 * the selected organization and volunteer centre with every call (spec §7). Done at
 * module load, not in an effect, so the first queries of a page carry them too.
 */
import { setHeaderProvider } from "@/lib/api/header-providers";
import { organizationHeaders, organizationStore } from "./organization-store";

setHeaderProvider("organization", () => organizationHeaders(organizationStore.getSnapshot()));
