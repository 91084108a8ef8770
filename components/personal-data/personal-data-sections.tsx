"use client";

import { Card } from "@/components/ui/card";
import { CalendarSection } from "./calendar-section";
import { DataExportSection } from "./data-export-section";

/** The calendar address and "download my data" on /profiel, whatever the profile holds. */
export function PersonalDataSections() {
  return (
    <Card className="flex flex-col gap-8">
      <CalendarSection />
      <DataExportSection />
    </Card>
  );
}
