import type { ReactNode } from "react";
import { PageTitle } from "@/components/ui/page-title";
import { AccountNav, type TAccountTab } from "./account-nav";

type Props = {
  title: string;
  description?: string;
  current: TAccountTab;
  profiles: boolean;
  children: ReactNode;
};

/** An account page (/profile-edit and its children): the h1 first, then the tabs, the form. */
export function AccountFrame({ title, description, current, profiles, children }: Props) {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-4">
        <PageTitle description={description}>{title}</PageTitle>
        <AccountNav current={current} profiles={profiles} />
      </div>
      {children}
    </div>
  );
}
