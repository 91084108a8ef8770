import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { registerAuth } from "./auth/authenticate";
import { authRoutes } from "./auth/routes";
import { authSettings, type TAuthOverrides } from "./auth/settings";
import type { Database } from "./db/client";
import type { TEnv } from "./env";
import { badRequest } from "./errors";
import { openApiRoutes } from "./http/openapi";
import { createPageRevalidator } from "./http/page-revalidation";
import { defaultJobRegistry, defaultSchedules } from "./jobs";
import type { JobRegistry } from "./jobs/registry";
import type { TSchedule } from "./jobs/schedules";
import { JobWorker } from "./jobs/worker";
import { handleError, registerErrorHandling } from "./jsonapi/error-handler";
import type { Mailer } from "./mail/mailer";
import { registerInputGuard } from "./plugins/input-guard";
import { createApiMetrics, registerMetrics, type TMetricsScope } from "./plugins/metrics";
import { applySecurityHeaders, registerSecurityHeaders } from "./plugins/security-headers";
import { registerTenantHook } from "./plugins/tenant";
import { searchSummaryCache } from "./queries/search-summary-cache";
import { accountDeletionRoutes } from "./routes/account-deletions";
import { activityRoutes } from "./routes/activities";
import { activityEventRoutes } from "./routes/activity-events";
import { activityRegistrationRoutes } from "./routes/activity-registrations";
import { activityWriteRoutes } from "./routes/activity-writes";
import { analyticsRoutes } from "./routes/analytics";
import { applicationRoutes } from "./routes/applications";
import { auditEventRoutes } from "./routes/audit-events";
import { calendarTokenRoutes } from "./routes/calendar-tokens";
import { confirmRoutes } from "./routes/confirm";
import { contactMessageRoutes } from "./routes/contact-messages";
import { contentPageRoutes } from "./routes/content-pages";
import { contentWriteRoutes } from "./routes/content-writes";
import { conversationRoutes } from "./routes/conversations";
import { currentOrganizationRoutes } from "./routes/current-organization";
import { currentOrganizationsRoutes } from "./routes/current-organizations";
import { currentUserRoutes } from "./routes/current-user";
import { dataExportRoutes } from "./routes/data-exports";
import { dataViewerRoutes } from "./routes/data-viewer";
import { deskRoutes } from "./routes/desks";
import { devMailRoutes } from "./routes/dev-mails";
import { devPagesRoutes } from "./routes/dev-pages";
import { formRoutes } from "./routes/forms";
import { healthRoutes } from "./routes/health";
import { helpPostRoutes } from "./routes/help-posts";
import { imageRoutes } from "./routes/images";
import { jobRoutes } from "./routes/jobs";
import { matchRoutes } from "./routes/matches";
import { newsArticleRoutes } from "./routes/news-articles";
import { notificationTemplateRoutes } from "./routes/notification-templates";
import { notificationRoutes } from "./routes/notifications";
import { organizationManagementRoutes } from "./routes/organization-management";
import { organizationRegistrationRoutes } from "./routes/organization-registrations";
import { organizationRoutes } from "./routes/organizations";
import { overdueApplicationRoutes } from "./routes/overdue-applications";
import { partnerRoutes } from "./routes/partners";
import { poolInvitationRoutes } from "./routes/pool-invitations";
import { redirectRuleRoutes } from "./routes/redirect-rules";
import { signInAsRoutes } from "./routes/sign-in-as";
import { siteSettingRoutes } from "./routes/site-settings";
import { socialMapRoutes } from "./routes/social-map";
import { tagRoutes } from "./routes/tags";
import { translationRoutes } from "./routes/translations";
import { userInvitationRoutes } from "./routes/user-invitations";
import { userRoutes } from "./routes/users";
import { vacancyRoutes } from "./routes/vacancies";
import { volunteerCenterRoutes } from "./routes/volunteer-centers";
import { volunteerPoolRoutes } from "./routes/volunteer-pool";
import { volunteerProfileRoutes } from "./routes/volunteer-profile";
import { createStorage, type Storage } from "./storage";

export type AppOptions = {
  database: Database;
  config: TEnv;
  mailer: Mailer;
  /** Uploaded files; default the driver the config names (backend/storage). */
  storage?: Storage;
  /** false in tests; otherwise pino at config.LOG_LEVEL. */
  logger?: boolean;
  /** Auth clock and limits; tests and the bench override them (backend/auth/settings.ts). */
  auth?: TAuthOverrides;
  /** GET /metrics: this process's figures, or the whole cluster's in an api worker
   *  (backend/cluster.ts). */
  metricsScope?: TMetricsScope;
  /** The job worker's kinds, schedules and clock (docs/jobs.md); tests override them. */
  jobs?: {
    registry?: JobRegistry;
    schedules?: TSchedule[];
    now?: () => Date;
    random?: () => number;
    /**
     * Tests only: run every due job before a response leaves, so a test reads the mail a
     * request caused right after it. The api process itself runs the worker loop instead
     * (backend/server.ts).
     */
    drainBeforeReply?: boolean;
  };
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // `/API/V1/Users/` is `/api/v1/users` (docs/api-hardening.md). Only the path is
    // compared case-insensitively: parameter values (tokens, slugs) keep their case.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // A URL the router cannot decode is a JSON:API 400 like any other bad request.
    // Fastify answers these before any hook runs, so the headers are set here too.
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(request, reply);
      const bad = error.code === "FST_ERR_BAD_URL";
      return handleError(
        bad ? badRequest("The URL cannot be decoded.", "path") : error,
        request,
        reply,
      );
    },
  });

  app.decorate("db", options.database.db);
  app.decorate("config", config);
  app.decorate("mailer", options.mailer);
  app.decorate("storage", options.storage ?? createStorage(config));
  app.decorate("authSettings", authSettings(config, options.auth));
  app.decorate(
    "revalidatePublicPages",
    createPageRevalidator({
      webUrl: config.WEB_INTERNAL_URL,
      secret: config.REVALIDATE_SECRET,
      log: app.log,
    }),
  );
  app.decorate("searchSummaries", searchSummaryCache(app, options.database));
  const metrics = createApiMetrics(options.database);
  const jobs = new JobWorker({
    db: options.database.db,
    registry: options.jobs?.registry ?? defaultJobRegistry(),
    schedules: options.jobs?.schedules ?? defaultSchedules(),
    mailer: options.mailer,
    config,
    log: app.log,
    pollMs: config.JOBS_POLL_MS,
    leaseMs: config.JOBS_LEASE_SECONDS * 1000,
    concurrency: config.JOBS_CONCURRENCY,
    now: options.jobs?.now,
    random: options.jobs?.random,
    onFailure: metrics.jobFailed,
  });
  app.decorate("jobs", jobs);
  app.addHook("onClose", async () => {
    await jobs.stop();
  });
  // Filled in by the tenant hook before any handler reads them.
  app.decorateRequest("tenant", null as unknown as FastifyRequest["tenant"]);
  app.decorateRequest("volunteerCenterId", null);
  registerErrorHandling(app);

  registerSecurityHeaders(app);
  // JSON:API bodies are JSON; both parsers refuse text the database cannot store.
  registerInputGuard(app);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  if (options.jobs?.drainBeforeReply) {
    app.addHook("onSend", async () => {
      await jobs.drain();
    });
  }
  // A request that changed something may have enqueued a job: look now, not at the next poll.
  app.addHook("onResponse", async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") jobs.nudge();
  });

  // Before the routes, so its hooks see every one of them.
  registerMetrics(app, metrics, options.metricsScope);
  await app.register(healthRoutes);
  await app.register(openApiRoutes);
  await app.register(async (scope) => {
    registerTenantHook(scope);
    registerAuth(scope);
    await scope.register(authRoutes, { prefix: "/auth" });
    await scope.register(confirmRoutes, { prefix: "/api/v1" });
    await scope.register(currentUserRoutes, { prefix: "/api/v1" });
    await scope.register(currentOrganizationsRoutes, { prefix: "/api/v1" });
    await scope.register(currentOrganizationRoutes, { prefix: "/api/v1" });
    await scope.register(deskRoutes, { prefix: "/api/v1" });
    await scope.register(imageRoutes, { prefix: "/api/v1" });
    await scope.register(contentWriteRoutes, { prefix: "/api/v1" });
    await scope.register(notificationTemplateRoutes, { prefix: "/api/v1" });
    await scope.register(formRoutes, { prefix: "/api/v1" });
    await scope.register(contactMessageRoutes, { prefix: "/api/v1" });
    await scope.register(dataViewerRoutes, { prefix: "/api/v1" });
    await scope.register(devMailRoutes, { prefix: "/api/v1" });
    await scope.register(devPagesRoutes, { prefix: "/api/v1" });
    await scope.register(redirectRuleRoutes, { prefix: "/api/v1" });
    await scope.register(translationRoutes, { prefix: "/api/v1" });
    await scope.register(notificationRoutes, { prefix: "/api/v1" });
    await scope.register(applicationRoutes, { prefix: "/api/v1" });
    await scope.register(overdueApplicationRoutes, { prefix: "/api/v1" });
    await scope.register(analyticsRoutes, { prefix: "/api/v1" });
    await scope.register(conversationRoutes, { prefix: "/api/v1" });
    await scope.register(helpPostRoutes, { prefix: "/api/v1" });
    await scope.register(activityRegistrationRoutes, { prefix: "/api/v1" });
    await scope.register(volunteerPoolRoutes, { prefix: "/api/v1" });
    await scope.register(poolInvitationRoutes, { prefix: "/api/v1" });
    await scope.register(activityEventRoutes, { prefix: "/api/v1" });
    await scope.register(organizationRoutes, { prefix: "/api/v1" });
    await scope.register(userRoutes, { prefix: "/api/v1" });
    await scope.register(auditEventRoutes, { prefix: "/api/v1" });
    await scope.register(siteSettingRoutes, { prefix: "/api/v1" });
    await scope.register(organizationManagementRoutes, { prefix: "/api/v1" });
    await scope.register(organizationRegistrationRoutes, { prefix: "/api/v1" });
    await scope.register(signInAsRoutes, { prefix: "/api/v1" });
    await scope.register(accountDeletionRoutes, { prefix: "/api/v1" });
    await scope.register(userInvitationRoutes, { prefix: "/api/v1" });
    await scope.register(volunteerCenterRoutes, { prefix: "/api/v1" });
    await scope.register(activityRoutes, { prefix: "/api/v1" });
    await scope.register(activityWriteRoutes, { prefix: "/api/v1" });
    await scope.register(vacancyRoutes, { prefix: "/api/v1" });
    await scope.register(tagRoutes, { prefix: "/api/v1" });
    await scope.register(volunteerProfileRoutes, { prefix: "/api/v1" });
    await scope.register(matchRoutes, { prefix: "/api/v1" });
    await scope.register(newsArticleRoutes, { prefix: "/api/v1" });
    await scope.register(contentPageRoutes, { prefix: "/api/v1" });
    await scope.register(partnerRoutes, { prefix: "/api/v1" });
    await scope.register(socialMapRoutes, { prefix: "/api/v1" });
    await scope.register(jobRoutes, { prefix: "/api/v1" });
    await scope.register(calendarTokenRoutes, { prefix: "/api/v1" });
    await scope.register(dataExportRoutes, { prefix: "/api/v1" });
    // Resource and auth routers register here (one file per resource).
  });

  return app;
}
