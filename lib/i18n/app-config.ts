import type messages from "@/messages/en.json";
import type { AppLocale } from "./config";

// Types every `t("…")` call against the English messages (nl has the same keys, a unit
// test checks), so a missing key or a wrong ICU argument is a compile error.
declare module "next-intl" {
  interface AppConfig {
    Locale: AppLocale;
    Messages: typeof messages;
  }
}
