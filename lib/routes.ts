import {
  compareSpecificity,
  compilePattern,
  normalizePath,
  type TCompiledPattern,
  type TRouteParams,
} from "@/lib/navigation/route-pattern";

/**
 * The one route table (ARCHITECTURE.md decision 6): every route of spec §2 with its meta.
 * proxy.ts runs the guards from it, pages take their title from it, the layouts read
 * whiteBackground / breakoutContainer / colour mode from it. Routes not built yet are
 * rows without a page: Next gives them the 404 screen (tests/unit/routes.test.ts
 * proves every page in app/ has a row).
 */

export type TRouteLayout = "default" | "empty";
/** spec §2: a route may force a colour mode; without one the visitor's preference holds. */
export type TColorMode = "light" | "dark";
/** Named route guards a row may ask for (spec §2 "route middleware"); see lib/navigation/guards.ts. */
export type TNamedGuard = "dev-pages";

/**
 * Who a back-office section is for, derived from the user's roles (lib/auth/staff-reach.ts):
 * staff (any of superadmin, admin, member, desk_manager), an organization's admin, a volunteer
 * centre's admin, a desk manager, a superadmin. A superadmin reaches every level.
 */
export const STAFF_REACH = [
  "staff",
  "organizationAdmin",
  /** Admin or member of any organisation (a centre too): the vacancies they manage. */
  "organizationStaff",
  /** Admin or member of a volunteer centre: the volunteer pool. */
  "centreStaff",
  "centreAdmin",
  "deskManager",
  "superadmin",
] as const;
export type TStaffReach = (typeof STAFF_REACH)[number];

/** The back office's navigation groups, in the order they are shown. */
export const BACK_OFFICE_GROUPS = [
  "overview",
  "organizations",
  "people",
  "centre",
  "platform",
] as const;
export type TBackOfficeGroup = (typeof BACK_OFFICE_GROUPS)[number];

/** Icons a back-office section may show (components/ui/icon.tsx has them). */
export type TBackOfficeIcon =
  | "home"
  | "building"
  | "check-circle"
  | "users"
  | "list"
  | "settings"
  | "shield";

/**
 * A row of the back office's navigation (docs/back-office-pages.md): the section's label is
 * the route's title, its link the route's pattern (or where the route redirects to). Only
 * rows whose page exists carry it (tests/unit/back-office-sections.test.ts).
 */
export type TBackOfficeMeta = {
  group: TBackOfficeGroup;
  /** Place within the group, ascending. */
  order: number;
  icon: TBackOfficeIcon;
  /** Shown to users who reach any of these levels; the page and the api check again. */
  reach: readonly TStaffReach[];
};

/** What a validity check may look at. `deskSlugs` is undefined when the desks could not be loaded. */
export type TValidityContext = { params: TRouteParams; deskSlugs?: ReadonlySet<string> };

export type TRouteMeta = {
  /** spec §2/§6: open without login. */
  isPublic: boolean;
  /**
   * The page is one of app/(public)'s reading pages (docs/public-pages.md): the same for
   * every signed-out visitor of a tenant in a language, so the web may answer it from its
   * page cache (docs/page-cache.md). tests/unit/routes.test.ts ties it to the route group.
   */
  publicGroup: boolean;
  layout: TRouteLayout;
  whiteBackground: boolean;
  /** The page spans the full width instead of the centred container (maps, wide tables). */
  breakoutContainer: boolean;
  /** Key of the route's title (lib/route-titles.ts); the page may refine it with data. */
  title: TRouteTitle;
  colorMode?: TColorMode;
  /** Early guard 2 (route rules): the route always sends on to this path. */
  redirect?: string;
  guards: readonly TNamedGuard[];
  /** The route is a section of the back office's navigation (static patterns only). */
  backOffice?: TBackOfficeMeta;
  /**
   * The landing of a sign-in link: it signs the browser in with the credentials it carries,
   * so the sign-in guard lets it through (its handler sends anyone without them to sign in).
   */
  signInLink?: boolean;
};

export type TRouteDefinition = {
  /** Unique, stable name used in code (pages, tests). */
  name: string;
  pattern: string;
  meta: TRouteMeta;
  /** spec §2: a failing validity check gives a fatal 404. */
  validate?: (context: TValidityContext) => boolean;
};

export type TRouteMatch = { route: TRouteDefinition; params: TRouteParams };

// ---- validity checks -------------------------------------------------------------------

const MAX_ID = 2 ** 31 - 1;
const isId = (value: string | undefined) =>
  value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID;
const isSlug = (value: string | undefined) =>
  value !== undefined && /^[a-z0-9]+(?:-[a-z0-9]+)*$/i.test(value) && value.length <= 200;

/** Every `:id`-like parameter of the route is a database id. */
const ids =
  (...names: string[]) =>
  ({ params }: TValidityContext) =>
    names.every((name) => isId(params[name]));
const optionalSlug =
  (name: string) =>
  ({ params }: TValidityContext) =>
    params[name] === undefined || isSlug(params[name]);
/** spec §2: '/:balie/…' only exists for a desk of this tenant. */
const knownDesk = (context: TValidityContext, extra?: (c: TValidityContext) => boolean) => {
  const slug = context.params.balie?.toLowerCase();
  if (!slug || !isSlug(slug)) return false;
  // Desks unknown (api unreachable): let the page decide rather than 404 every desk page.
  if (context.deskSlugs && !context.deskSlugs.has(slug)) return false;
  return extra ? extra(context) : true;
};

// ---- the table -------------------------------------------------------------------------

type TRowOptions = Partial<Omit<TRouteMeta, "isPublic" | "publicGroup" | "title">> & {
  validate?: TRouteDefinition["validate"];
};

const row =
  (isPublic: boolean, publicGroup = false) =>
  (name: string, pattern: string, title: TRouteTitle, options: TRowOptions = {}) => {
    const { validate, ...meta } = options;
    return {
      name,
      pattern,
      validate,
      meta: {
        isPublic,
        publicGroup,
        layout: "default",
        whiteBackground: false,
        breakoutContainer: false,
        guards: [],
        ...meta,
        title,
      },
    } satisfies TRouteDefinition;
  };
const open = row(true);
/** A page of app/(public): open, and the same for every signed-out visitor. */
const reading = row(true, true);
const login = row(false);
const dev = (name: string, pattern: string, title: TRouteTitle) =>
  open(name, pattern, title, { guards: ["dev-pages"] });

/** Titles of spec §2 rows; the text per key is in messages "routes" (lib/route-titles.ts). */
export const ROUTE_TITLES = [
  "switch",
  "contentPage",
  "partners",
  "signup",
  "signupSuccess",
  "confirm",
  "invitation",
  "resetPassword",
  "signIn",
  "recoverPassword",
  "noOrganization",
  "peerHelp",
  "form",
  "gelderseHanden",
  "news",
  "activities",
  "activity",
  "vacancySearch",
  "vacancy",
  "socialMap",
  "socialMapOrganization",
  "deskWelcome",
  "deskActivities",
  "deskActivity",
  "activityCalendar",
  "organizationSignup",
  "organizationSignupSuccess",
  "organization",
  "deleteAccount",
  "changelog",
  "signOut",
  "signInRedirect",
  "authToken",
  "myDesk",
  "wrongDesk",
  "tags",
  "users",
  "userAdd",
  "user",
  "userEdit",
  "userAddRole",
  "settings",
  "settingsDesign",
  "settingsFooter",
  "settingsOrganization",
  "settingsContactPerson",
  "settingsReplies",
  "profileEdit",
  "profileEmail",
  "profileSettings",
  "profilePeriodicMail",
  "profile",
  "profileDeleted",
  "profileDownload",
  "accountRoles",
  "dashboard",
  "notifications",
  "conversations",
  "applications",
  "application",
  "vacancies",
  "vacancyAdd",
  "vacancyEdit",
  "vacancyBulkEdit",
  "volunteerPool",
  "organizations",
  "organizationAdd",
  "organizationApprove",
  "organizationEdit",
  "organizationMove",
  "administrators",
  "deskManagement",
  "deskAdd",
  "newsAdmin",
  "newsAdminAdd",
  "newsAdminEdit",
  "pageAdmin",
  "pageAdminAdd",
  "pageAdminEdit",
  "dataViewer",
  "auditLog",
  "jobs",
  "analytics",
  "analyticsIndex2",
  "activityAttendees",
  "activityCalendarOverview",
  "activityAdd",
  "activityEdit",
  "workshops",
  "workshopCertificate",
  "contactForm",
  "contactMessages",
  "formBuilder",
  "formNew",
  "formDetail",
  "formEdit",
  "formPreview",
  "formSubmission",
  "notificationTemplates",
  "notificationTemplateAdd",
  "notificationTemplateEdit",
  "developer",
  "devMail",
  "testPage",
  "periodicMailUnsubscribe",
] as const;
export type TRouteTitle = (typeof ROUTE_TITLES)[number];

export const ROUTES: readonly TRouteDefinition[] = [
  // spec §2 public routes, in the spec's order.
  open("switch", "/switch", "switch", { layout: "empty" }),
  reading("content", "/:slug?", "contentPage", { validate: optionalSlug("slug") }),
  reading("partners", "/partners", "partners"),
  open("signup", "/signup", "signup"),
  open("signup-success", "/signup/success", "signupSuccess"),
  open("confirm", "/confirm", "confirm"),
  open("auth-reset", "/auth/reset", "resetPassword"),
  open("sign-in", "/auth/login-1", "signIn"),
  open("auth-recover", "/auth/recover", "recoverPassword"),
  open("no-organization", "/auth/no-organization", "noOrganization"),
  reading("peer-help", "/een-op-een-hulp", "peerHelp"),
  open("form", "/forms/:token?", "form", {
    layout: "empty",
    whiteBackground: true,
    validate: ({ params }) =>
      params.token === undefined || /^[A-Za-z0-9_-]{8,128}$/.test(params.token),
  }),
  open("gelderse-handen", "/gelderse-handen", "gelderseHanden", {
    layout: "empty",
    colorMode: "light",
  }),
  reading("news", "/nieuws/:slug?", "news", { validate: optionalSlug("slug") }),
  reading("activities", "/activiteiten", "activities"),
  reading("activity", "/activiteiten/:id", "activity", { validate: ids("id") }),
  reading("vacancy-search", "/vacancies/search", "vacancySearch"),
  reading("vacancy", "/vacancies/:id", "vacancy", { validate: ids("id") }),
  reading("social-map", "/sociale-kaart", "socialMap", { breakoutContainer: true }),
  reading("social-map-organization", "/sociale-kaart/:id", "socialMapOrganization", {
    validate: ids("id"),
  }),
  reading("desk-welcome", "/:balie/welkom", "deskWelcome", { validate: (c) => knownDesk(c) }),
  reading("desk-activities", "/:balie/activiteiten", "deskActivities", {
    validate: (c) => knownDesk(c),
  }),
  reading("desk-activity", "/:balie/activiteiten/:id", "deskActivity", {
    validate: (c) => knownDesk(c, ids("id")),
  }),
  reading("activity-calendar", "/activiteitenkalender", "activityCalendar"),
  open("organization-signup", "/organizations/signup", "organizationSignup"),
  open("organization-signup-success", "/organizations/signup/success", "organizationSignupSuccess"),
  reading("organization", "/organizations/:id", "organization", { validate: ids("id") }),
  open("delete-account", "/account/verwijderen", "deleteAccount"),
  // spec §2 lists it as login-required, but it is shown right after the account ceased to
  // exist, signed out (docs/account-and-impersonation-pages.md).
  reading("profile-deleted", "/profiel/verwijderd", "profileDeleted"),
  reading("changelog", "/volunteerly/changelog", "changelog"),
  // Ours: the invitation mail's link; the invitee has no password yet.
  open("auth-invitation", "/auth/invitation", "invitation"),
  // Ours: the periodic mail's unsubscribe link (docs/matching.md); a button, never on GET.
  open("periodic-mail-unsubscribe", "/periodieke-mail/afmelden", "periodicMailUnsubscribe"),

  // spec §2 login-required routes.
  login("sign-out", "/uitloggen", "signOut"),
  login("sign-in-redirect", "/inloggen", "signInRedirect"),
  login("auth-token", "/auth/token", "authToken", { signInLink: true }),
  login("my-desk", "/mijn-balie", "myDesk", {
    backOffice: { group: "overview", order: 20, icon: "home", reach: ["deskManager"] },
  }),
  login("wrong-desk", "/wrong-desk", "wrongDesk"),
  // The tenant's tag vocabulary (docs/tags.md), for centre admins and superadmins.
  login("tags", "/tags", "tags", {
    breakoutContainer: true,
    backOffice: { group: "centre", order: 30, icon: "list", reach: ["centreAdmin"] },
  }),
  login("users", "/users", "users", {
    backOffice: { group: "people", order: 10, icon: "users", reach: ["organizationAdmin"] },
  }),
  login("user-add", "/users/add", "userAdd"),
  login("user", "/users/:id", "user", { validate: ids("id") }),
  login("user-edit", "/users/:id/edit", "userEdit", { validate: ids("id") }),
  login("user-add-role", "/users/:id/add_role", "userAddRole", { validate: ids("id") }),
  login("settings", "/instellingen", "settings", {
    redirect: "/instellingen/design",
    backOffice: { group: "centre", order: 20, icon: "settings", reach: ["centreAdmin"] },
  }),
  login("settings-design", "/instellingen/design", "settingsDesign"),
  login("settings-footer", "/instellingen/footer", "settingsFooter"),
  login("settings-organization", "/instellingen/organisatie", "settingsOrganization"),
  login("settings-contact-person", "/instellingen/contact-person", "settingsContactPerson"),
  login("settings-replies", "/instellingen/reacties", "settingsReplies"),
  login("profile-edit", "/profile-edit", "profileEdit"),
  login("profile-email", "/profile-edit/email", "profileEmail"),
  login("profile-settings", "/profile-edit/settings", "profileSettings"),
  login("profile-periodic-mail", "/profile-edit/periodieke-mail", "profilePeriodicMail"),
  login("profile", "/profiel", "profile"),
  // Ours: the mailed link of "download my data" (docs/data-exports.md).
  login("profile-download", "/profiel/download/:token", "profileDownload"),
  login("account-roles", "/account/roles", "accountRoles"),
  login("dashboard", "/dashboard", "dashboard", {
    backOffice: { group: "overview", order: 10, icon: "home", reach: ["staff"] },
  }),
  login("notifications", "/notificaties", "notifications"),
  login("conversations", "/conversations", "conversations"),
  login("applications", "/applications", "applications"),
  login("application", "/applications/:id", "application", { validate: ids("id") }),
  // The vacancies one manages (docs/vacancy-pages.md): an organisation's staff and centre admins.
  login("vacancies", "/vacancies", "vacancies", {
    breakoutContainer: true,
    backOffice: { group: "organizations", order: 30, icon: "list", reach: ["organizationStaff"] },
  }),
  login("vacancy-add", "/vacancies/add", "vacancyAdd"),
  login("vacancy-edit", "/vacancies/:id/edit", "vacancyEdit", { validate: ids("id") }),
  login("vacancy-bulk-edit", "/vacancies/bulk-edit", "vacancyBulkEdit", {
    breakoutContainer: true,
  }),
  login("volunteer-pool", "/vrijwilligerspool", "volunteerPool", {
    breakoutContainer: true,
    backOffice: {
      group: "people",
      order: 20,
      icon: "users",
      reach: ["centreStaff", "deskManager"],
    },
  }),
  login("organizations", "/organizations", "organizations", {
    breakoutContainer: true,
    backOffice: {
      group: "organizations",
      order: 10,
      icon: "building",
      reach: ["organizationAdmin"],
    },
  }),
  login("organization-add", "/organizations/add", "organizationAdd"),
  login("organization-approve", "/organizations/approve", "organizationApprove", {
    backOffice: { group: "organizations", order: 20, icon: "check-circle", reach: ["centreAdmin"] },
  }),
  login("organization-edit", "/organizations/:id/edit", "organizationEdit", {
    validate: ids("id"),
  }),
  login("organization-move", "/organizations/:id/move", "organizationMove", {
    validate: ids("id"),
  }),
  login("administrators", "/nov/beheerders", "administrators", {
    backOffice: { group: "platform", order: 10, icon: "shield", reach: ["superadmin"] },
  }),
  login("desk-management", "/nov/baliebeheer", "deskManagement", {
    backOffice: { group: "centre", order: 40, icon: "building", reach: ["centreAdmin"] },
  }),
  login("desk-add", "/nov/baliebeheer/toevoegen", "deskAdd"),
  // Ours: a centre's news written in the back office (docs/news-admin.md).
  login("news-admin", "/nieuwsbeheer", "newsAdmin", {
    breakoutContainer: true,
    backOffice: { group: "centre", order: 50, icon: "list", reach: ["centreAdmin"] },
  }),
  login("news-admin-add", "/nieuwsbeheer/toevoegen", "newsAdminAdd"),
  login("news-admin-edit", "/nieuwsbeheer/:id/bewerken", "newsAdminEdit", {
    validate: ids("id"),
  }),
  // Ours: the tenant's content pages written in the back office (docs/news-admin.md).
  login("page-admin", "/paginabeheer", "pageAdmin", {
    breakoutContainer: true,
    backOffice: { group: "centre", order: 60, icon: "list", reach: ["centreAdmin"] },
  }),
  login("page-admin-add", "/paginabeheer/toevoegen", "pageAdminAdd"),
  login("page-admin-edit", "/paginabeheer/:id/bewerken", "pageAdminEdit", {
    validate: ids("id"),
  }),
  // The tenant's tables, read-only, secrets left out (docs/data-viewer.md).
  login("data-viewer", "/admin/data-viewer", "dataViewer", {
    breakoutContainer: true,
    backOffice: { group: "platform", order: 40, icon: "list", reach: ["superadmin"] },
  }),
  // Ours: the background job queue (mail and the like), for superadmins.
  login("jobs", "/admin/jobs", "jobs", {
    breakoutContainer: true,
    backOffice: { group: "platform", order: 20, icon: "list", reach: ["superadmin"] },
  }),
  // Ours: the audit log of administrative actions, for centre admins.
  login("audit-log", "/logboek", "auditLog", {
    breakoutContainer: true,
    backOffice: { group: "centre", order: 10, icon: "list", reach: ["centreAdmin"] },
  }),
  // A centre's figures over a period, and all centres side by side (docs/analytics.md).
  login("analytics", "/analytics", "analytics", {
    breakoutContainer: true,
    whiteBackground: true,
    backOffice: { group: "centre", order: 70, icon: "list", reach: ["centreAdmin"] },
  }),
  login("analytics-index-2", "/analytics/index-2", "analyticsIndex2", {
    breakoutContainer: true,
    whiteBackground: true,
    backOffice: { group: "platform", order: 30, icon: "list", reach: ["superadmin"] },
  }),
  // Who comes to an activity one runs, and whether they came (docs/activity-attendees.md).
  login(
    "activity-attendees",
    "/activiteitenkalender/overzicht/:id/deelnemers",
    "activityAttendees",
    {
      validate: ids("id"),
      breakoutContainer: true,
    },
  ),
  // The activities one runs (docs/activity-overview.md): a centre's staff and desk managers.
  login(
    "activity-calendar-overview",
    "/activiteitenkalender/overzicht",
    "activityCalendarOverview",
    {
      breakoutContainer: true,
      backOffice: {
        group: "overview",
        order: 30,
        icon: "list",
        reach: ["centreStaff", "deskManager"],
      },
    },
  ),
  // Adding and editing an activity (docs/activity-form.md).
  login("activity-add", "/activiteitenkalender/overzicht/nieuw", "activityAdd"),
  login("activity-edit", "/activiteitenkalender/overzicht/:id/bewerken", "activityEdit", {
    validate: ids("id"),
  }),
  // Trainings for volunteers (docs/workshops.md); ours: a certificate for who came.
  login("workshops", "/workshops", "workshops"),
  login("workshop-certificate", "/workshops/:id/certificaat", "workshopCertificate", {
    validate: ids("id"),
  }),
  login("contact-form", "/contactformulier", "contactForm"),
  // Ours: the messages sent through the contact form, for the centre's admins
  // (docs/contact-form.md).
  login("contact-messages", "/contactformulier/berichten", "contactMessages", {
    breakoutContainer: true,
    backOffice: { group: "centre", order: 90, icon: "list", reach: ["centreAdmin"] },
  }),
  // The form builder (docs/form-builder.md): forms of the organisations and centres one manages.
  login("form-builder", "/form_builder", "formBuilder", {
    breakoutContainer: true,
    backOffice: {
      group: "organizations",
      order: 40,
      icon: "list",
      reach: ["organizationStaff"],
    },
  }),
  login("form-new", "/form_builder/new", "formNew", { whiteBackground: true }),
  login("form-detail", "/form_builder/:id", "formDetail", { validate: ids("id") }),
  login("form-edit", "/form_builder/:id/edit", "formEdit", {
    validate: ids("id"),
    whiteBackground: true,
  }),
  login("form-preview", "/form_builder/:id/preview", "formPreview", {
    validate: ids("id"),
    whiteBackground: true,
  }),
  login("form-submission", "/form_builder/:id/submissions/:submissionId", "formSubmission", {
    validate: ids("id", "submissionId"),
  }),
  login("notification-templates", "/notification_templates", "notificationTemplates", {
    breakoutContainer: true,
    backOffice: { group: "centre", order: 80, icon: "list", reach: ["centreAdmin"] },
  }),
  login("notification-template-add", "/notification_templates/add", "notificationTemplateAdd"),
  login(
    "notification-template-edit",
    "/notification_templates/:id/edit",
    "notificationTemplateEdit",
    {
      validate: ids("id"),
    },
  ),

  // spec §2 developer and test pages: public, but only where ENABLE_DEV_PAGES allows them.
  dev("dev", "/dev", "developer"),
  dev("dev-form", "/dev/form", "developer"),
  dev("dev-modal", "/dev/modal", "developer"),
  dev("dev-colors", "/dev/colors", "developer"),
  dev("dev-components", "/dev/components", "developer"),
  // Ours: the mail outbox; the api decides whether it answers (development only).
  open("dev-mail", "/dev/mail", "devMail"),
  ...[
    "api",
    "auth",
    "dupe",
    "form",
    "user",
    "colors",
    "sentry",
    "tiptap",
    "toaster",
    "step-form",
    "step-form-2",
    "datepicker",
    "dollar-api",
    "user-store",
    "server-error",
    "formbuilder",
  ].map((page) => dev(`test-${page}`, `/test/${page}`, "testPage")),
];

type TCompiledRoute = { route: TRouteDefinition; compiled: TCompiledPattern };

const compiledRoutes: TCompiledRoute[] = ROUTES.map((route) => ({
  route,
  compiled: compilePattern(route.pattern),
})).sort((a, b) => compareSpecificity(a.compiled, b.compiled));

/** The route a path belongs to (case and a trailing slash ignored), or null (spec §2: 404). */
export function matchRoute(pathname: string): TRouteMatch | null {
  const path = normalizePath(pathname);
  for (const { route, compiled } of compiledRoutes) {
    const params = compiled.match(path);
    if (params) return { route, params };
  }
  return null;
}

/**
 * The path as the route table spells it: static segments in the table's case, no trailing
 * slash. Parameter values stay exactly as requested (a desk slug, a token, a content slug
 * keep their case and encoding). Next's file-system router is case-sensitive, so proxy.ts
 * redirects to this path whenever it differs from the requested one (spec §2).
 */
export function canonicalPath(pathname: string, match: TRouteMatch): string {
  const staticSegments = match.route.pattern.split("/").filter((part) => part !== "");
  const parts = normalizePath(pathname)
    .split("/")
    .filter((part) => part !== "");
  const canonical = parts.map((part, i) => {
    const segment = staticSegments[i];
    return segment !== undefined && !segment.startsWith(":") ? segment : part;
  });
  return `/${canonical.join("/")}`;
}

export function routeByName(name: string): TRouteDefinition {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`No route named '${name}'`);
  return route;
}

/** spec §2: a failing validity check gives a fatal 404. */
export function isValidMatch(match: TRouteMatch, deskSlugs?: ReadonlySet<string>): boolean {
  return match.route.validate ? match.route.validate({ params: match.params, deskSlugs }) : true;
}
