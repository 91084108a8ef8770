import { useTranslations } from "next-intl";
import { buttonClassName } from "@/components/ui/button";
import { TENANT_SLUGS, type TTenantSlug } from "@/lib/tenants/slugs";
import { getTenant } from "@/lib/tenants/tenants";

type Props = {
  /** The tenant this request is served as; marked with aria-current. */
  current: TTenantSlug;
  /** The server action that stores the choice (app/(bare)/switch/actions.ts). */
  action: (formData: FormData) => Promise<void>;
};

/**
 * One submit button per tenant, each posting its slug as `tenant`: no script needed, and
 * the buttons are what a keyboard or screen-reader user expects to press.
 */
export function TenantChoiceForm({ current, action }: Props) {
  const t = useTranslations("switch");
  return (
    <form action={action} className="mt-8">
      <ul className="flex flex-col gap-3">
        {TENANT_SLUGS.map((slug) => {
          const isCurrent = slug === current;
          return (
            <li key={slug}>
              <button
                type="submit"
                name="tenant"
                value={slug}
                aria-current={isCurrent ? "true" : undefined}
                className={buttonClassName({
                  variant: isCurrent ? "neutral" : "outline",
                  className: "w-full flex-wrap",
                })}
              >
                <span>{getTenant(slug).displayName}</span>
                {isCurrent ? <span className="text-base font-normal">({t("current")})</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </form>
  );
}
