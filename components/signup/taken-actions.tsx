import Link from "next/link";
import { useTranslations } from "next-intl";

/** Where someone goes whose address already has an account: sign in, or a new password. */
export function TakenActions() {
  const t = useTranslations("signup.taken");
  return (
    <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
      <li>
        <Link
          href="/auth/login-1"
          className="inline-flex min-h-11 items-center font-semibold text-danger-800"
        >
          {t("signIn")}
        </Link>
      </li>
      <li>
        <Link
          href="/auth/recover"
          className="inline-flex min-h-11 items-center font-semibold text-danger-800"
        >
          {t("recover")}
        </Link>
      </li>
    </ul>
  );
}
