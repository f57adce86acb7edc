import type { TModuleContext } from '../../platform/http.js';
import type { TDb } from '../../platform/db.js';
import type { TJobScope } from '../../platform/jobs/define.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { sendEmailJob } from '../notifications/email.js';

/**
 * The e-mails of the ways in (decision 0040): in the recipient's language, naming the space (and
 * giving its logo's address when it has one), with links built from PUBLIC_URL. Each is a
 * `mail.send` job enqueued in the caller's transaction, so it exists exactly when the change does.
 */
type TLanguage = 'es' | 'en';
export interface TMailSpace {
  name: string;
  logo: string | null;
}

const TEXTS = {
  recover: {
    es: { subject: 'Recuperar la contraseña', body: 'Ha pedido una nueva contraseña. Abra este enlace en la próxima hora para elegirla:' },
    en: { subject: 'Recover your password', body: 'You asked for a new password. Open this link within the next hour to choose it:' },
  },
  confirm: {
    es: { subject: 'Confirme su cuenta', body: 'Confirme su dirección de correo para activar su cuenta (el enlace vale 48 horas):' },
    en: { subject: 'Confirm your account', body: 'Confirm your e-mail address to activate your account (the link is valid for 48 hours):' },
  },
  alreadyRegistered: {
    es: {
      subject: 'Ya tiene una cuenta',
      body: 'Alguien ha intentado registrarse con esta dirección, que ya tiene una cuenta. Si fue usted, inicie sesión o recupere la contraseña:',
    },
    en: {
      subject: 'You already have an account',
      body: 'Someone tried to sign up with this address, which already has an account. If it was you, sign in or recover your password:',
    },
  },
  invite: {
    es: { subject: 'Invitación', body: 'Le han invitado a unirse. Abra este enlace para aceptar la invitación (vale 7 días):' },
    en: { subject: 'Invitation', body: 'You have been invited to join. Open this link to accept the invitation (valid for 7 days):' },
  },
  accessRequest: {
    es: { subject: 'Solicitud de acceso', body: 'Una persona pide acceso. Abra este enlace para aceptarla o rechazarla:' },
    en: { subject: 'Access request', body: 'Someone asks for access. Open this link to accept or reject the request:' },
  },
  accessRejected: {
    es: {
      subject: 'Solicitud de acceso rechazada',
      body: 'Su solicitud de acceso no ha sido aceptada. Si cree que es un error, póngase en contacto con su administrador.',
    },
    en: { subject: 'Access request rejected', body: 'Your access request was not accepted. If you think this is a mistake, contact your administrator.' },
  },
} as const;
export type TMailKind = keyof typeof TEXTS;

export const publicUrl = (ctx: TModuleContext, path: string) => `${(ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, '')}${path}`;

export interface TAccountMail {
  kind: TMailKind;
  to: string;
  language: string;
  space: TMailSpace;
  /** A path of the web app (with its key), made absolute from PUBLIC_URL. */
  link?: string;
  /** Extra lines after the text (who asks, their message). */
  details?: string[];
}

/** The message's text: greeting line with the space's name, the body, the link, the details, the signature. */
export function composeMail(ctx: TModuleContext, mail: TAccountMail) {
  const language: TLanguage = mail.language === 'en' ? 'en' : 'es';
  const text = TEXTS[mail.kind][language];
  // The space's logo address is a path of this server (decision 0047): absolute from PUBLIC_URL.
  const logoUrl = mail.space.logo?.startsWith('/') ? publicUrl(ctx, mail.space.logo) : mail.space.logo;
  const logo = logoUrl ? [language === 'en' ? `Logo: ${logoUrl}` : `Logotipo: ${logoUrl}`] : [];
  const lines = [
    mail.space.name,
    '',
    text.body,
    ...(mail.link ? ['', publicUrl(ctx, mail.link)] : []),
    ...(mail.details?.length ? ['', ...mail.details] : []),
    '',
    '—',
    mail.space.name,
    ...logo,
  ];
  return { to: [mail.to], subject: `${text.subject} · ${mail.space.name}`, text: lines.join('\n') };
}

export async function enqueueMail(ctx: TModuleContext, tx: TDb, scope: TJobScope | null, mail: TAccountMail) {
  await enqueueJob(tx, scope, sendEmailJob, composeMail(ctx, mail));
}
