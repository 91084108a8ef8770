// Container health check (Dockerfile HEALTHCHECK). The image runs either the web or the api,
// so it is healthy when either answers on loopback: the web's /api/session (no api call
// behind it) or the api's /healthz. Plain JavaScript: it must start fast and needs no tsx.
const targets = [
  `http://127.0.0.1:${process.env.PORT || 3000}/api/session`,
  `http://127.0.0.1:${process.env.API_PORT || 4000}/healthz`,
];

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(4000) });
    return response.ok;
  } catch {
    return false;
  }
}

const results = await Promise.all(targets.map(answers));
process.exit(results.some(Boolean) ? 0 : 1);
