import nodemailer from "nodemailer";
import type { Mailer } from "../lib/mailer.ts";

/** Sends mail through the SMTP server in `smtpUrl` (smtp://user:pass@host:port, smtps:// for TLS). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
