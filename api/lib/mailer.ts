export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends email; SMTP in production, the server log for local use. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** True when messages only go to the server log: secrets (reset codes) must not be sent through it. */
  readonly logsOnly?: boolean;
  /**
   * True when messages are kept in the outbox an admin reads (the demo without a mail server: decisions 084 and
   * 100); the log gets their subjects only.
   */
  readonly outbox?: boolean;
}

/** Writes each message to the log instead of sending it (the zero-configuration local default). */
export function logMailer(log: (message: string) => void): Mailer {
  return {
    logsOnly: true,
    async send(message) {
      log(`[mail to ${message.to}] ${message.subject}\n${message.text}`);
    },
  };
}
