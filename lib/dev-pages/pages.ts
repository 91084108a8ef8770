/**
 * The developer and test pages of spec §2, in the order the /dev index lists them. Each
 * key names the page's texts in messages "devPages.pages" (title and one line).
 */
export const DEV_PAGES = [
  { path: "/dev/form", key: "devForm" },
  { path: "/dev/modal", key: "devModal" },
  { path: "/dev/colors", key: "devColors" },
  { path: "/dev/components", key: "devComponents" },
  { path: "/dev/mail", key: "devMail" },
  { path: "/test/api", key: "testApi" },
  { path: "/test/dollar-api", key: "testDollarApi" },
  { path: "/test/auth", key: "testAuth" },
  { path: "/test/user", key: "testUser" },
  { path: "/test/user-store", key: "testUserStore" },
  { path: "/test/dupe", key: "testDupe" },
  { path: "/test/form", key: "testForm" },
  { path: "/test/step-form", key: "testStepForm" },
  { path: "/test/step-form-2", key: "testStepForm2" },
  { path: "/test/colors", key: "testColors" },
  { path: "/test/datepicker", key: "testDatepicker" },
  { path: "/test/tiptap", key: "testTiptap" },
  { path: "/test/toaster", key: "testToaster" },
  { path: "/test/sentry", key: "testSentry" },
  { path: "/test/server-error", key: "testServerError" },
  { path: "/test/formbuilder", key: "testFormbuilder" },
] as const;

export type TDevPageKey = (typeof DEV_PAGES)[number]["key"];
