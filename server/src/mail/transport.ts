/**
 * Sending mail with nodemailer. SMTP_URL selects an SMTP server (smtp://host:port, or
 * smtps://user:pass@host for TLS with a login); without it every message is written as an .eml
 * file into {VAR_DIR}/outbox/, so the site works on a fresh machine and a developer can open
 * what a visitor would receive.
 *
 * SMTP goes through a pool of reused connections (one login and TLS handshake serves many
 * messages), which the outbox worker's concurrent deliveries share. Every message's Message-ID
 * is derived from its outbox row, so a retry of a message whose first attempt did reach the
 * server (a crash before the row was marked sent) carries the same Message-ID, and mail systems
 * can recognise the duplicate.
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

export interface SmtpPoolOptions {
  /** connections open at once */
  maxConnections: number;
  /** messages sent over one connection before it is replaced */
  maxMessages: number;
}

export const DEFAULT_SMTP_POOL: SmtpPoolOptions = { maxConnections: 5, maxMessages: 100 };

/** The Message-ID of an outbox row's mail: the same on every attempt, in the sender's domain. */
export function messageIdOf(outboxId: string, from: MailAddress): string {
  const domain = from.address.slice(from.address.lastIndexOf('@') + 1) || 'localhost';
  return `<${outboxId.replace(/[^A-Za-z0-9-]/g, '')}@${domain}>`;
}

/** The nodemailer message, with every header value made safe (and a stable Message-ID when the outbox row is known). */
export function nodemailerMessage(message: MailMessage, outboxId?: string): Mail.Options {
  return {
    ...(outboxId ? { messageId: messageIdOf(outboxId, message.from) } : {}),
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

export function createSmtpSender(smtpUrl: string, pool: SmtpPoolOptions = DEFAULT_SMTP_POOL): MailSender {
  const url = new URL(smtpUrl);
  const transporter: Transporter = nodemailer.createTransport({
    pool: true,
    maxConnections: pool.maxConnections,
    maxMessages: pool.maxMessages,
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
    async send(message, meta) {
      await transporter.sendMail(nodemailerMessage(message, meta.id));
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
      const info = (await transporter.sendMail(nodemailerMessage(message, meta.id))) as { message: Buffer };
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
