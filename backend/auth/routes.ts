import type { FastifyInstance } from "fastify";
import { confirmationRoutes } from "./confirmations";
import { emailChangeRoutes } from "./email-changes";
import { invitationRoutes } from "./invitations";
import { passwordRoutes } from "./passwords";
import { sharedLimiters } from "./rate-limit";
import { registrationRoutes } from "./registrations";
import { sessionRoutes } from "./sessions";
import { unlockRoutes } from "./unlocks";

/**
 * devise_token_auth, mounted at /auth inside the tenant scope (app.ts): every endpoint
 * works on the X-Tenant's users only. Public by nature; each endpoint checks what it
 * needs (credentials, a token in the headers, or a mailed token).
 */
export async function authRoutes(app: FastifyInstance) {
  const limiters = sharedLimiters(app);
  await app.register(sessionRoutes, { limiters });
  await app.register(passwordRoutes, { limiters });
  await app.register(confirmationRoutes, { limiters });
  await app.register(unlockRoutes, { limiters });
  // Volunteer sign-up and invitation acceptance (docs/api-registration-invitations.md).
  await app.register(registrationRoutes, { limiters });
  await app.register(invitationRoutes);
  // A signed-in change of address, confirmed from the new one (docs/api-email-change.md).
  await app.register(emailChangeRoutes, { limiters });
}
