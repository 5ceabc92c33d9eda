import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  subject: string;
  /** The body, with quoted-printable soft breaks and escapes undone. */
  text: string;
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives (tests only). */
export function startSmtpSink(): Promise<{ port: number; inbox: ReceivedMail[]; close: () => void }> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on("end", () => {
        const unfolded = raw
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          subject: /^Subject: (.*)$/m.exec(unfolded)?.[1]?.trim() ?? "",
          text: unfolded
            .split(/\r?\n\r?\n/)
            .slice(1)
            .join("\n"),
          raw: unfolded,
        });
        callback();
      });
    },
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.server.address() as { port: number }).port,
        inbox,
        close: () => server.close(),
      }),
    ),
  );
}
