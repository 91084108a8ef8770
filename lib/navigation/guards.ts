import { deskOfPath, type TDeskSummary } from "@/lib/desks/select-desk";
import { devPagesAccess } from "@/lib/dev-pages/access";
import { isValidMatch, type TNamedGuard, type TRouteMatch } from "@/lib/routes";
import { comparablePath } from "./route-pattern";
import { resolveNavigationTarget } from "./safe-navigation";
import { signInPath } from "./sign-in-path";

/**
 * The navigation guards of spec §2, as pure functions over what proxy.ts knows about a
 * request. "Guards run in this order: two early guards, authentication, host, a
 * placeholder guard, desk, redirect rules." After them run the named guards a route asks
 * for in its meta. The first guard that does not pass decides.
 */

export type { TDeskSummary };
export type TRedirectRule = { path: string; target: string; permanent: boolean };

export type TGuardContext = {
  /** The path as requested (not normalized) and its query string ('' or '?…'). */
  pathname: string;
  search: string;
  /** Our own origin, e.g. 'https://oldebroek.example.nl'. */
  origin: string;
  /** Host name without port, lowercase. */
  hostname: string;
  match: TRouteMatch | null;
  /** Whether a session cookie came with the request (pages check the session itself). */
  signedIn: boolean;
  /** spec §2: the host on which every other path redirects to /gelderse-handen. */
  gelderseHandenHost?: string;
  /** The tenant's active desks; undefined when they could not be loaded. */
  desks?: readonly TDeskSummary[];
  /** The tenant's redirect rules; undefined when they could not be loaded. */
  redirectRules?: readonly TRedirectRule[];
  devPagesEnabled: boolean;
};

export type TGuardOutcome =
  | { kind: "pass"; desk?: TDeskSummary }
  | { kind: "redirect"; location: string; status: 301 | 302 | 307 | 308; external: boolean }
  | { kind: "notFound" }
  /** A failure of the route table itself: spec §8's text, by its key in messages "errors". */
  | { kind: "error"; error: "unknownRouteMiddleware" };

type TGuard = (context: TGuardContext) => TGuardOutcome;

const pass: TGuardOutcome = { kind: "pass" };
const GELDERSE_HANDEN_PATH = "/gelderse-handen";
const SIGN_OUT_PATH = "/uitloggen";

/** Early guard 1 (spec §2): a route's failing validity check gives a fatal 404. */
export const validateGuard: TGuard = ({ match, desks }) => {
  if (!match) return pass; // unmatched: redirect rules may still catch it; else Next's 404
  const deskSlugs = desks ? new Set(desks.map((d) => d.slug.toLowerCase())) : undefined;
  return isValidMatch(match, deskSlugs) ? pass : { kind: "notFound" };
};

/** Early guard 2: the route's own static redirect (route rule), e.g. /instellingen → its first tab. */
export const routeRuleGuard: TGuard = ({ match, search }) => {
  const target = match?.route.meta.redirect;
  return target
    ? { kind: "redirect", location: `${target}${search}`, status: 307, external: false }
    : pass;
};

/** spec §2/§6: unauthenticated users on non-public routes go to /auth/login-1, and come back. */
export const authGuard: TGuard = ({ match, signedIn, pathname, search }) => {
  if (!match || match.route.meta.isPublic || signedIn) return pass;
  // Sending a sign-in link's tokens on to the sign-in page would put them in its address.
  if (match.route.meta.signInLink) return pass;
  // Coming back to /uitloggen after signing in would sign the user straight out again.
  const returnTo = comparablePath(pathname) === SIGN_OUT_PATH ? undefined : `${pathname}${search}`;
  return { kind: "redirect", location: signInPath(returnTo), status: 307, external: false };
};

/** spec §2: on one particular host every path other than /gelderse-handen redirects there. */
export const hostGuard: TGuard = ({ gelderseHandenHost, hostname, pathname }) => {
  if (!gelderseHandenHost || hostname !== gelderseHandenHost) return pass;
  if (comparablePath(pathname) === GELDERSE_HANDEN_PATH) return pass;
  return { kind: "redirect", location: GELDERSE_HANDEN_PATH, status: 307, external: false };
};

/**
 * spec §2 names "a placeholder guard" in the chain without behaviour. It keeps its place
 * so the order stays the spec's; it lets every navigation through.
 */
export const placeholderGuard: TGuard = () => pass;

/** spec §4: a path starting with a desk's slug selects that desk (the browser falls back to the organization's desk). */
export const deskGuard: TGuard = ({ pathname, desks }) => {
  const desk = desks ? deskOfPath(pathname, desks) : undefined;
  return desk ? { kind: "pass", desk } : pass;
};

/**
 * spec §2: redirect rules configured on the server per path. An absolute target leaves by
 * full page navigation (external: true), otherwise a normal redirect. A target that the
 * safe-navigation check refuses is ignored: a bad rule must not send anyone anywhere.
 */
export const redirectRulesGuard: TGuard = ({ pathname, search, redirectRules, origin }) => {
  if (!redirectRules?.length) return pass;
  const path = comparablePath(pathname);
  const rule = redirectRules.find((r) => comparablePath(r.path) === path);
  if (!rule) return pass;
  const target = resolveNavigationTarget(rule.target, { allowExternal: true, origin });
  if (!target) return pass;
  const status = rule.permanent ? 301 : 302;
  if (target.kind === "external") {
    return { kind: "redirect", location: target.url, status, external: true };
  }
  // Never redirect a path to itself (a rule '/a' → '/a?x' would loop on every request).
  if (comparablePath(target.path.split(/[?#]/)[0]) === path) return pass;
  const keepQuery = search && !target.path.includes("?") ? search : "";
  return { kind: "redirect", location: `${target.path}${keepQuery}`, status, external: false };
};

/** Named guards rows may ask for (lib/routes.ts meta.guards). */
export const NAMED_GUARDS: Record<TNamedGuard, TGuard> = {
  /**
   * spec §2 developer and test pages: open where ENABLE_DEV_PAGES allows them; elsewhere
   * only a request with a session gets through, for the page to show to superadmins
   * (docs/dev-pages.md). Signed out, they do not exist.
   */
  "dev-pages": ({ devPagesEnabled, signedIn }) =>
    devPagesAccess({ enabled: devPagesEnabled, signedIn }) ? pass : { kind: "notFound" },
};

/** spec §2, in order. */
export const GLOBAL_GUARDS: readonly TGuard[] = [
  validateGuard,
  routeRuleGuard,
  authGuard,
  hostGuard,
  placeholderGuard,
  deskGuard,
  redirectRulesGuard,
];

/** Runs the global guards, then the route's named ones; the first that does not pass decides. */
export function runGuards(
  context: TGuardContext,
  named: Readonly<Record<string, TGuard>> = NAMED_GUARDS,
): TGuardOutcome {
  let desk: TDeskSummary | undefined;
  const guards: TGuard[] = [...GLOBAL_GUARDS];
  for (const name of context.match?.route.meta.guards ?? []) {
    const guard = Object.hasOwn(named, name) ? named[name] : undefined;
    if (!guard) return { kind: "error", error: "unknownRouteMiddleware" };
    guards.push(guard);
  }
  for (const guard of guards) {
    const outcome = guard(context);
    if (outcome.kind !== "pass") return outcome;
    desk ??= outcome.desk;
  }
  return { kind: "pass", desk };
}
