import net from "node:net";
import pg from "pg";

/**
 * A TCP relay between the api under test and PostgreSQL, so a test can make the database go
 * away and come back without touching the shared cluster (others run tests and benchmarks on
 * it): `stop` refuses new connections and cuts the open ones, as a server that is down does;
 * `start` listens again on the same port, as a restarted one does; `hold` passes no more
 * bytes either way, as a network that lost the server does, until `release`. A server
 * restart as a client sees it (FATAL 57P01 on every connection) is pg_terminate_backend on
 * the test's own database, which passes through the relay.
 */
export type TPgProxy = {
  /** The database URL with the relay's host and port. */
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Cuts every open connection, the relay listening on. */
  cut: () => void;
  hold: () => void;
  release: () => void;
  close: () => Promise<void>;
};

export async function startPgProxy(databaseUrl: string): Promise<TPgProxy> {
  const target = new URL(databaseUrl);
  const targetHost = target.hostname || "127.0.0.1";
  const targetPort = Number(target.port || 5432);
  const sockets = new Set<net.Socket>();
  let held = false;

  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    }
    client.on("data", (chunk) => {
      if (!held) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!held) client.write(chunk);
    });
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);

  const cut = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  const stop = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    cut();
    await closed;
  };
  return {
    url: url.toString(),
    stop,
    start: () => (server.listening ? Promise.resolve() : listen(port)),
    cut,
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
    },
    close: async () => {
      held = false;
      if (server.listening) await stop();
      else cut();
    },
  };
}

/**
 * What a restart of the server looks like to every client of the database `url` names: each
 * other connection to it ended (FATAL 57P01), or only those whose last query matches
 * `queryLike` (an ILIKE pattern).
 */
export async function terminateConnections(url: string, queryLike?: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()${queryLike ? " and query ilike $1" : ""}`,
      queryLike ? [queryLike] : [],
    );
  } finally {
    await admin.end();
  }
}
