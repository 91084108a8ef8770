import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server inside the test process, on a free loopback port: the api's nodemailer
 * transport (backend/mail/transport.ts) delivers to it over SMTP as it would to any relay,
 * and tests read back what arrived, parsed by mailparser, with the raw source beside it.
 * Like e2e/support/smtp-sink.ts, without the HTTP side.
 */

export type TReceived = {
  /** Envelope recipients and sender, lowercased. */
  rcptTo: string[];
  mailFrom: string;
  raw: string;
  mail: ParsedMail;
};

export type TSmtpSink = {
  url: string;
  received: TReceived[];
  /** What arrived for this address, oldest first. */
  to(address: string): TReceived[];
  close(): Promise<void>;
};

export async function startSmtpSink(): Promise<TSmtpSink> {
  const received: TReceived[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: nodemailer would upgrade to STARTTLS if it were offered.
    disabledCommands: ["AUTH", "STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((mail) => {
            received.push({
              rcptTo: session.envelope.rcptTo.map((a) => a.address.toLowerCase()),
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              raw: raw.toString("utf8"),
              mail,
            });
            // Accepted only once it is stored: the api's send resolves after this.
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((m) => m.rcptTo.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
