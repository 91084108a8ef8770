/** One centre's figures as the api gives them (docs/analytics.md), keys camelCased. */
export type TAnalytics = {
  id: string;
  volunteerCenterName: string;
  from: string;
  to: string;
  vacancies: { published: number; open: number; closed: number };
  applications: {
    sent: number;
    accepted: number;
    perWeek: { week: string; count: number }[];
    answerWorkingDays: number;
    answeredInTime: number;
    due: number;
    answeredInTimeShare: number | null;
    medianReplySeconds: number | null;
  };
  activeVolunteers: number;
  activities: { signUps: number; waitlisted: number; attended: number; minutes: number };
  poolInvitations: {
    sent: number;
    accepted: number;
    declined: number;
    pending: number;
    withdrawn: number;
  };
  topTags: { id: number; name: string; nameEn: string | null; applications: number }[];
  organizationsWithoutActivity: { count: number; organizations: { id: number; name: string }[] };
};

/** The range the page shows, as the URL and the form carry it (YYYY-MM-DD, or unset). */
export type TRangeSearch = { from?: string; to?: string };
