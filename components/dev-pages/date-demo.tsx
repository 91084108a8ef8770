"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { TextField } from "@/components/ui/text-field";

/**
 * The date and time inputs the product's forms use (vacancies, activities, filters): the
 * browser's own pickers, so keyboard and screen readers get the platform's. Shows the value
 * the form would send (YYYY-MM-DD, HH:MM), whatever the display language.
 */
export function DateDemo() {
  const t = useTranslations("devPages.datepicker");
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("date")}
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <TextField
          label={t("time")}
          type="time"
          value={time}
          onChange={(event) => setTime(event.target.value)}
        />
      </div>
      <p role="status" className="text-neutral-800">
        {t("value", { date: date || "—", time: time || "—" })}
      </p>
    </div>
  );
}
