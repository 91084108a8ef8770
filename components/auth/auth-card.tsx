import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { PageTitle } from "@/components/ui/page-title";

/** The narrow centred card the auth pages share. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md">
      <Card>
        <PageTitle description={description}>{title}</PageTitle>
        {children}
      </Card>
    </div>
  );
}
