"use client";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "@/lib/auth/use-auth";
import { latestActivityQuery } from "./activity-queries";

/**
 * The latest events for the activity panel. Only the open panel calls this, so the request
 * goes out when it opens, never on page load; signed out nothing is asked (401 anyway).
 */
export function useLatestActivity() {
  const { status } = useAuth();
  return useQuery({ ...latestActivityQuery(), enabled: status === "SIGNED_IN" });
}
