"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { api, isApiError } from "@/lib/api";

/**
 * What a probe asks: the BFF's own answer (no api call; plain JSON, so `fetch` only), a
 * public api read (the site's settings: is the api up) and the signed-in user.
 */
const PROBES = [
  { key: "session", path: "/api/session", bffOnly: true },
  { key: "siteSetting", path: "/api/v1/site_setting", bffOnly: false },
  { key: "currentUser", path: "/api/v1/current_user?include=roles", bffOnly: false },
] as const;

type TProbeKey = (typeof PROBES)[number]["key"];
type TResult = { status: number | string; ms: number };

/** `fetch` straight to the BFF (/test/api) or the app's api client (/test/dollar-api). */
async function probe(path: string, via: "fetch" | "client"): Promise<number | string> {
  if (via === "fetch") {
    const response = await fetch(path, { headers: { accept: "application/json" } });
    return response.status;
  }
  try {
    const [pathname, query] = path.split("?");
    return (await api.get(pathname, { query: Object.fromEntries(new URLSearchParams(query)) }))
      .status;
  } catch (error) {
    if (isApiError(error)) return error.statusCode;
    throw error;
  }
}

/**
 * Calls a few endpoints through the BFF and shows each answer's status and how long it
 * took, as this browser saw it. Never the body: current_user's would show personal data.
 */
export function ApiProbe({ via }: { via: "fetch" | "client" }) {
  const t = useTranslations("devPages.api");
  const [results, setResults] = useState<Partial<Record<TProbeKey, TResult>>>({});
  const [running, setRunning] = useState(false);
  const probes = PROBES.filter((p) => via === "fetch" || !p.bffOnly);
  const run = async () => {
    setRunning(true);
    const next: Partial<Record<TProbeKey, TResult>> = {};
    for (const { key, path } of probes) {
      const started = performance.now();
      let status: number | string;
      try {
        status = await probe(path, via);
      } catch {
        status = t("unreachable");
      }
      next[key] = { status, ms: Math.round(performance.now() - started) };
    }
    setResults(next);
    setRunning(false);
  };
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button aria-disabled={running || undefined} onClick={() => (running ? undefined : run())}>
          {running ? t("running") : t("run")}
        </Button>
      </div>
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="border-b-2 border-neutral-300 bg-neutral-50">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("endpoint")}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("status")}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("time")}
            </th>
          </tr>
        </thead>
        <tbody aria-live="polite">
          {probes.map(({ key, path }) => (
            <tr key={key} className="border-b border-neutral-200">
              <th scope="row" className="px-3 py-2 font-normal">
                <code>GET {path}</code>
              </th>
              <td className="px-3 py-2">{results[key]?.status ?? "—"}</td>
              <td className="px-3 py-2">{results[key] ? t("ms", { ms: results[key].ms }) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
