import "server-only";
import { Agent } from "undici";

// STYLE.md: the BFF uses one pooled keep-alive dispatcher for the whole process. Kept on
// globalThis so hot reload in development reuses it instead of leaking a pool per reload.

const DISPATCHER_KEY = Symbol.for("volunteerly.bff.dispatcher");
type TGlobalWithDispatcher = typeof globalThis & { [DISPATCHER_KEY]?: Agent };

export function getDispatcher(): Agent {
  const store = globalThis as TGlobalWithDispatcher;
  store[DISPATCHER_KEY] ??= new Agent({
    connections: 64,
    // Below the api's own idle timeout (Fastify: 72 s), so the client always closes first
    // and never writes into a socket the server is closing.
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 10_000,
    pipelining: 1,
    connect: { timeout: 5_000 },
  });
  return store[DISPATCHER_KEY];
}
