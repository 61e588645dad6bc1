/**
 * Sending mail with nodemailer. SMTP_URL selects an SMTP server (smtp://host:port, or
 * smtps://user:pass@host for TLS with a login); without it every message is written as an .eml
 * file into {VAR_DIR}/outbox/, so the site works on a fresh machine and a developer can open
 * what a visitor would receive.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { displayName, headerText, isPlainAddress, type MailAddress, type MailMessage } from './message';

export interface MailSender {
  /** for the start-up log line; never includes credentials */
  readonly description: string;
  send(message: MailMessage, meta: { id: string; kind: string; reference: string | null }): Promise<void>;
  close(): void;
}

function address(value: MailAddress): Mail.Address {
  if (!isPlainAddress(value.address)) throw new Error('refusing to send: not a plain e-mail address');
  return { name: displayName(value.name) ?? '', address: value.address };
}

/** The nodemailer message, with every header value made safe. */
export function nodemailerMessage(message: MailMessage): Mail.Options {
  return {
    from: address(message.from),
    to: message.to.map(address),
    ...(message.replyTo ? { replyTo: address(message.replyTo) } : {}),
    subject: headerText(message.subject, 250),
    text: message.text,
    html: message.html,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

export function createSmtpSender(smtpUrl: string): MailSender {
  const url = new URL(smtpUrl);
  const transporter: Transporter = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    description: `SMTP ${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
    async send(message) {
      await transporter.sendMail(nodemailerMessage(message));
    },
    close() {
      transporter.close();
    },
  };
}

export function createFileSender(outboxDir: string): MailSender {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `.eml files in ${outboxDir}`,
    async send(message, meta) {
      const info = (await transporter.sendMail(nodemailerMessage(message))) as { message: Buffer };
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${meta.reference ?? 'no-ref'}-${meta.kind}-${meta.id.slice(0, 8)}.eml`.replace(/[^A-Za-z0-9._-]/g, '_');
      const target = path.join(outboxDir, name);
      await fs.writeFile(`${target}.tmp`, info.message);
      await fs.rename(`${target}.tmp`, target);
    },
    close() {
      transporter.close();
    },
  };
}
