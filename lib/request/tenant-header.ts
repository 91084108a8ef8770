/**
 * Request header by which proxy.ts hands the resolved tenant slug to server components.
 * proxy.ts always overwrites it, so a value sent by the browser never survives.
 */
export const tenantHeaderName = "x-volunteerly-tenant";
