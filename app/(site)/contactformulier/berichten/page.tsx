import { ContactMessages } from "@/components/contact/contact-messages";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("contact-messages");

/**
 * /contactformulier/berichten (ours, login-required): the messages sent to the centres a
 * centre admin runs (docs/contact-form.md). Loads in the browser through the BFF.
 */
export default async function ContactMessagesRoute() {
  await requireSession("/contactformulier/berichten");
  return <ContactMessages />;
}
