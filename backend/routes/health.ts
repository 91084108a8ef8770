import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

/** Liveness and readiness for load balancers; public, no tenant. */
export async function healthRoutes(app: FastifyInstance) {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: "ok" };
    } catch (error) {
      app.log.error({ err: error }, "readiness check failed");
      return reply.code(503).send({ status: "unavailable" });
    }
  });
}
