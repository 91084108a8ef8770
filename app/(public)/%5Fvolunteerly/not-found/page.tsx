import { withInterruptMetadata, withInterruptScreens } from "@/components/errors/interrupt-page";
import { denyNotFound } from "@/lib/errors/http-interrupts";

/**
 * lib/navigation/request-route.ts's NOT_FOUND_REWRITE_PATH (`/_volunteerly/not-found`; the
 * folder's `%5F` is how Next spells a leading underscore in a URL): where proxy.ts and
 * scripts/web-server.ts send an address no page matches. Here, inside the public route group,
 * the 404 screen gets the group's header and footer from its layout, so the root
 * app/not-found.tsx can do without them, and with them every page's flight data
 * (docs/errors.md). Status 404 through withInterruptScreens.
 */
export const generateMetadata = withInterruptMetadata(async () => denyNotFound());

export default withInterruptScreens(async function UnknownAddress() {
  denyNotFound();
});
