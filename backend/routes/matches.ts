import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { toSnakeCase } from "../../lib/api/case";
import { volunteerProfiles } from "../db/schema";
import { badRequest, notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { documentQuery, type TReader } from "../http/inputs";
import { isObject } from "../jsonapi/document-attributes";
import { serialize, type TResourceObject } from "../jsonapi/serializer";
import { vacancyResource } from "../jsonapi/vacancy-resources";
import { isStorableText } from "../plugins/input-guard";
import { findMatches, matchInputs } from "../queries/matches";
import { publicCenterIds } from "../queries/public-scope";
import { amsterdamToday, loadVacancies } from "../queries/vacancies";

/**
 * GET /api/v1/current_user/matches (docs/matching.md): the public vacancies of the site that
 * fit the signed-in user's volunteer profile, best first, each with its score and reasons in
 * the resource's meta. Only ever the caller's (policy matches.list, [own-only]); where the
 * tenant has no volunteer profiles (meedoen) a 404, as the profile itself.
 *
 * POST /api/v1/periodic_mail/unsubscribe?token=… (RFC 8058 one-click unsubscribe): anyone
 * holding the token from a periodic mail switches that mail off, without a session. The
 * token can do nothing else; an unknown one (another tenant's too) is a 404.
 */

/** The dashboard shows this many; the scoring reads at most MATCH_CANDIDATES. */
export const MATCHES_SHOWN = 10;
const MAX_TOKEN_LENGTH = 200;

const unsubscribeQuery: TReader<{ token: string }> = {
  parse(raw) {
    const query = isObject(raw) ? raw : {};
    for (const key of Object.keys(query)) {
      if (key !== "token") throw badRequest(`${key} is not a parameter of this endpoint`, key);
    }
    const token = query.token;
    if (
      typeof token !== "string" ||
      token.length === 0 ||
      token.length > MAX_TOKEN_LENGTH ||
      !isStorableText(token)
    ) {
      throw badRequest("token is missing or invalid", "token");
    }
    return { token };
  },
  parameters: () => [
    {
      name: "token",
      in: "query",
      required: true,
      description: "The token of the periodic mail's List-Unsubscribe link",
      schema: { type: "string", minLength: 1, maxLength: MAX_TOKEN_LENGTH },
    },
  ],
};

export async function matchRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/current_user/matches",
    summary: "Public vacancies that fit the signed-in user's volunteer profile, best first",
    auth: "signed_in",
    query: documentQuery(vacancyResource, ["tags"]),
    load: async ({ tenant }) => {
      if (!tenant.volunteerProfiles) throw notFound();
    },
    action: "matches.list",
    facts: ({ session }) => ({ userId: session.user.id }),
    response: { resource: vacancyResource, many: true },
    handler: async ({ tx, tenant, volunteerCenterId, session, query }) => {
      const found = await matchInputs(tx, tenant.id, session.user.id);
      if (!found.inputs) {
        return serialize(vacancyResource, [], { ...query, meta: { reason: found.why } });
      }
      const matches = await findMatches(tx, {
        tenantId: tenant.id,
        centerIds: await publicCenterIds(tx, tenant, volunteerCenterId),
        today: amsterdamToday(),
        inputs: found.inputs,
        limit: MATCHES_SHOWN,
      });
      const distances = new Map(
        matches.map((m) => {
          const distance = m.reasons.find((r) => r.kind === "distance");
          return [m.id, distance?.kind === "distance" ? distance.km : null];
        }),
      );
      const rows = await loadVacancies(
        tx,
        tenant.id,
        matches.map((m) => ({ id: m.id, distanceKm: distances.get(m.id) ?? null })),
        false,
      );
      const document = serialize(vacancyResource, rows, {
        ...query,
        meta: { reason: matches.length === 0 ? "no_matches" : null },
      });
      const byId = new Map(matches.map((m) => [String(m.id), m]));
      document.data = (document.data as TResourceObject[]).map((object) => {
        const match = byId.get(object.id);
        // Keys on the wire are snake_case, as everywhere in the api (the tag's `name_en`).
        const reasons = toSnakeCase(match?.reasons ?? []);
        return { ...object, meta: { score: match?.score ?? 0, reasons } };
      });
      return document;
    },
  });

  // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` as a form; the body says
  // nothing the token does not, so it is read as text and left alone.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      const text = body.toString();
      done(isStorableText(text) ? null : badRequest("The body is not valid text."), text);
    },
  );

  defineRoute(app, {
    method: "POST",
    url: "/periodic_mail/unsubscribe",
    summary: "Switch the periodic vacancy mail off with the token of its unsubscribe link",
    auth: "public",
    query: unsubscribeQuery,
    load: async ({ tx, tenant, query }) => {
      const [row] = await tx
        .select({ userId: volunteerProfiles.userId })
        .from(volunteerProfiles)
        .where(
          and(
            eq(volunteerProfiles.tenantId, tenant.id),
            eq(volunteerProfiles.periodicMailUnsubscribeToken, query.token),
          ),
        );
      if (!row) throw notFound();
      return row;
    },
    action: "periodic_mail.unsubscribe",
    facts: () => ({}),
    status: 204,
    handler: async ({ tx, tenant }, { userId }) => {
      await tx
        .update(volunteerProfiles)
        .set({ periodicMailFrequency: "never", updatedAt: new Date() })
        .where(
          and(eq(volunteerProfiles.tenantId, tenant.id), eq(volunteerProfiles.userId, userId)),
        );
      return null;
    },
  });
}
