import "server-only";
import { headers } from "next/headers";
import { nonceOfPolicy } from "./headers";

/**
 * This request's CSP nonce, from the policy proxy.ts handed on to the page (where Next
 * itself finds it for its scripts). For the root layout's <style> elements; undefined
 * where the proxy did not run.
 */
export async function requestNonce(): Promise<string | undefined> {
  const policy = (await headers()).get("content-security-policy");
  return policy ? nonceOfPolicy(policy) : undefined;
}
