import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import {
  createBeforeSend,
  httpStatusOf,
  isBotUserAgent,
  isExpectedError,
  monitoringDecision,
  statusOfNextDigest,
} from "@/lib/errors/sentry-filter";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** Real user agents of the crawlers the filter names (as their owners document them). */
const BOTS: Record<string, string> = {
  Googlebot:
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/126.0.6478.126 Safari/537.36",
  "Googlebot smartphone":
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Google-InspectionTool": "Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)",
  bingbot: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  DuckDuckBot: "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)",
  Baiduspider:
    "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
  YandexBot: "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
  Applebot:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
  Slurp: "Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)",
  facebookexternalhit: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  Twitterbot: "Twitterbot/1.0",
  LinkedInBot:
    "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
  PetalBot:
    "Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)",
};

/** People's browsers, including ones whose names contain 'bot' or a search engine's name. */
const PEOPLE: Record<string, string> = {
  Chrome: CHROME,
  "Safari on iPhone":
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  Firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
  Edge: `${CHROME} Edg/126.0.0.0`,
  "Yandex Browser": `${CHROME} YaBrowser/24.6.0.0 Safari/537.36`,
  "a Cubot phone":
    "Mozilla/5.0 (Linux; Android 10; CUBOT_X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  "the Google app":
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/322.0.647062479 Mobile/15E148 Safari/604.1",
  "DuckDuckGo's browser":
    "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile DuckDuckGo/5 Safari/537.36",
};

const withStatus = (fields: Record<string, unknown>) => Object.assign(new Error("x"), fields);

describe("httpStatusOf", () => {
  it("reads statusCode and status, as numbers or three-digit strings", () => {
    expect(httpStatusOf(withStatus({ statusCode: 404 }))).toBe(404);
    expect(httpStatusOf(withStatus({ status: 302 }))).toBe(302);
    expect(httpStatusOf(withStatus({ status: "403" }))).toBe(403);
    expect(httpStatusOf(new ApiError({ statusCode: 422 }))).toBe(422);
  });

  it("reads the status of Next's interrupts from their digest", () => {
    expect(httpStatusOf(withStatus({ digest: "NEXT_HTTP_ERROR_FALLBACK;404" }))).toBe(404);
    expect(httpStatusOf(withStatus({ digest: "NEXT_HTTP_ERROR_FALLBACK;401" }))).toBe(401);
    expect(httpStatusOf(withStatus({ digest: "NEXT_REDIRECT;replace;/a;b?c=1;308;" }))).toBe(308);
    expect(statusOfNextDigest("NEXT_REDIRECT")).toBe(307);
    expect(statusOfNextDigest("NEXT_NOT_FOUND")).toBe(404);
  });

  it("has no status for a plain error, a server digest or a non-object", () => {
    expect(httpStatusOf(new Error("boom"))).toBeUndefined();
    expect(httpStatusOf(withStatus({ digest: "2384923489" }))).toBeUndefined();
    expect(httpStatusOf("NEXT_HTTP_ERROR_FALLBACK;404")).toBeUndefined();
    expect(httpStatusOf(null)).toBeUndefined();
    expect(httpStatusOf(withStatus({ status: "pending" }))).toBeUndefined();
  });
});

describe("isExpectedError (spec §8: status 300 up to but not including 500)", () => {
  it.each([300, 302, 304, 401, 403, 404, 422, 429, 499])("%i is expected", (status) => {
    expect(isExpectedError(withStatus({ statusCode: status }))).toBe(true);
  });

  it.each([0, 200, 299, 500, 502, 503])("%i is not", (status) => {
    expect(isExpectedError(withStatus({ statusCode: status }))).toBe(false);
  });

  it("holds for ApiError and Next's interrupts, not for errors without a status", () => {
    expect(isExpectedError(new ApiError({ statusCode: 403 }))).toBe(true);
    expect(isExpectedError(new ApiError({ statusCode: 500 }))).toBe(false);
    expect(isExpectedError(withStatus({ digest: "NEXT_HTTP_ERROR_FALLBACK;403" }))).toBe(true);
    expect(isExpectedError(withStatus({ digest: "NEXT_REDIRECT;push;/x;307;" }))).toBe(true);
    expect(isExpectedError(new TypeError("undefined is not a function"))).toBe(false);
  });
});

describe("isBotUserAgent", () => {
  it.each(Object.entries(BOTS))("knows %s", (_name, userAgent) => {
    expect(isBotUserAgent(userAgent)).toBe(true);
  });

  it.each(Object.entries(PEOPLE))("leaves %s alone", (_name, userAgent) => {
    expect(isBotUserAgent(userAgent)).toBe(false);
  });

  it("treats a missing user agent as a person", () => {
    expect(isBotUserAgent(undefined)).toBe(false);
    expect(isBotUserAgent(null)).toBe(false);
    expect(isBotUserAgent("")).toBe(false);
  });
});

describe("monitoringDecision", () => {
  it("sends unexpected errors of people, keeps expected ones and bots' ones back", () => {
    expect(monitoringDecision(new Error("boom"), CHROME)).toBe("send");
    expect(monitoringDecision(new ApiError({ statusCode: 500 }), undefined)).toBe("send");
    expect(monitoringDecision(new ApiError({ statusCode: 404 }), CHROME)).toBe("expected");
    expect(monitoringDecision(new Error("boom"), BOTS.Googlebot)).toBe("bot");
  });
});

describe("createBeforeSend", () => {
  const event = (value = "boom", headers?: Record<string, string>) => ({
    exception: { values: [{ type: "Error", value }] },
    ...(headers ? { request: { headers, cookies: { session: "sealed" } } } : {}),
  });

  it("drops events whose original exception has a 3xx/4xx status", () => {
    const beforeSend = createBeforeSend();
    expect(beforeSend(event(), { originalException: withStatus({ statusCode: 404 }) })).toBeNull();
    expect(beforeSend(event(), { originalException: withStatus({ status: 302 }) })).toBeNull();
    expect(
      beforeSend(event(), { originalException: new ApiError({ statusCode: 401 }) }),
    ).toBeNull();
  });

  it("drops Next's interrupts known only by the event's text", () => {
    const beforeSend = createBeforeSend();
    expect(beforeSend(event("NEXT_HTTP_ERROR_FALLBACK;404"), {})).toBeNull();
    expect(beforeSend(event("NEXT_REDIRECT"), undefined)).toBeNull();
  });

  it("keeps 5xx and errors without a status", () => {
    const beforeSend = createBeforeSend();
    const serverError = event();
    expect(beforeSend(serverError, { originalException: new ApiError({ statusCode: 500 }) })).toBe(
      serverError,
    );
    expect(beforeSend(event(), { originalException: new Error("boom") })).not.toBeNull();
  });

  it("drops events of bots: the browser's user agent, or the request's header on the server", () => {
    expect(createBeforeSend({ userAgent: () => BOTS.bingbot })(event(), {})).toBeNull();
    expect(createBeforeSend({ userAgent: () => CHROME })(event(), {})).not.toBeNull();
    const fromBot = event("boom", { "User-Agent": BOTS.Googlebot });
    expect(createBeforeSend()(fromBot, {})).toBeNull();
  });

  it("strips cookies and credential headers from the request", () => {
    const sent = createBeforeSend()(
      event("boom", {
        "user-agent": CHROME,
        cookie: "volunteerly_session=sealed",
        authorization: "Bearer x",
        "access-token": "t",
        client: "c",
        uid: "u",
        "x-forwarded-for": "203.0.113.9",
        "accept-language": "nl",
      }),
      {},
    );
    expect(sent?.request).toEqual({ headers: { "user-agent": CHROME, "accept-language": "nl" } });
  });
});
