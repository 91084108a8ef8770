import { createServer } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { E2E } from "./ports";

// A real SMTP server for the e2e run: the api sends its mail here (SMTP_URL) and tests read
// it back as JSON. GET /messages?to=x lists (oldest first), DELETE /messages[?to=x] clears.

export type TSinkMessage = {
  id: number;
  /** Envelope recipients, lowercased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
  receivedAt: string;
};

const messages: TSinkMessage[] = [];
let nextId = 1;

const smtp = new SMTPServer({
  // Plain SMTP on loopback: no STARTTLS (nodemailer would upgrade and reject the self-signed cert).
  disabledCommands: ["AUTH", "STARTTLS"],
  disableReverseLookup: true,
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        messages.push({
          id: nextId++,
          to: session.envelope.rcptTo.map((a) => a.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          html: typeof mail.html === "string" ? mail.html : null,
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});

const matches = (message: TSinkMessage, to: string | null) =>
  !to || message.to.includes(to.toLowerCase());

const http = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://sink");
  const to = url.searchParams.get("to");
  if (url.pathname !== "/messages") {
    response.writeHead(404).end();
    return;
  }
  if (request.method === "GET") {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(messages.filter((m) => matches(m, to))));
  } else if (request.method === "DELETE") {
    const keep = messages.filter((m) => !matches(m, to));
    messages.splice(0, messages.length, ...keep);
    response.writeHead(204).end();
  } else {
    response.writeHead(405, { allow: "GET, DELETE" }).end();
  }
});

smtp.listen(E2E.smtpPort, "127.0.0.1");
http.listen(E2E.sinkHttpPort, "127.0.0.1", () => {
  console.log(`smtp sink: smtp://127.0.0.1:${E2E.smtpPort}, messages at :${E2E.sinkHttpPort}`);
});
smtp.on("error", (error) => console.error("smtp sink:", error.message));

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
