import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Security headers on every api answer (docs/api-hardening.md): successes, JSON:API errors,
 * devise's 401s, the 404 of an unknown route, the health routes, OPTIONS and HEAD alike.
 * The api only ever answers JSON, which a browser must never run, frame or treat as a
 * page, so the policy allows nothing at all. Set in onRequest, before any hook or handler
 * can fail, so an error answer carries them as well as a success; Fastify keeps headers set
 * on the reply when an error is sent.
 */
export const API_SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy":
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()",
  "x-frame-options": "DENY",
  "cross-origin-resource-policy": "same-site",
} as const;

/** Two years with subdomains: the HSTS preload list's minimum. Sent over https only. */
export const HSTS = "max-age=63072000; includeSubDomains";

/** The headers onto one reply; also used where Fastify answers before any hook runs. */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
  reply.headers(API_SECURITY_HEADERS);
  // request.protocol honours X-Forwarded-Proto only from a TRUST_PROXY address; over
  // plain http an HSTS header is meaningless and would be ignored by browsers anyway.
  if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
}

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    applySecurityHeaders(request, reply);
  });
  // Nothing here names the server's software (Fastify sends no X-Powered-By; this keeps
  // it that way should a plugin add one).
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.removeHeader("x-powered-by");
    return payload;
  });
}
