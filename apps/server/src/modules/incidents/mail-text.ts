/** The texts of the incident e-mails, in the recipient's language (Spanish unless English). */
const STATUS: Record<'es' | 'en', Record<string, string>> = {
  es: {
    draft: 'Borrador',
    running: 'En curso',
    escalated_to_client: 'Escalada al cliente',
    action_plan_agreed: 'Plan de acción acordado',
    completed_by_client: 'Completada por el cliente',
    evidence_pending_review: 'Evidencia pendiente de revisión',
    evidence_rejected: 'Evidencia rechazada',
    no_response: 'Sin respuesta',
    resolved: 'Resuelta',
    solved: 'Resuelta',
    solvedInPlace: 'Resuelta in situ',
    superseded: 'Sustituida',
    toDo: 'Por hacer',
    complete: 'Completada',
  },
  en: {
    draft: 'Draft',
    running: 'In progress',
    escalated_to_client: 'Escalated to the client',
    action_plan_agreed: 'Action plan agreed',
    completed_by_client: 'Completed by the client',
    evidence_pending_review: 'Evidence pending review',
    evidence_rejected: 'Evidence rejected',
    no_response: 'No response',
    resolved: 'Resolved',
    solved: 'Solved',
    solvedInPlace: 'Solved in place',
    superseded: 'Superseded',
    toDo: 'To do',
    complete: 'Complete',
  },
};

const SUBJECT: Record<'es' | 'en', Record<string, (name: string, status: string) => string>> = {
  es: {
    status: (n, s) => `Incidencia «${n}»: ${s}`,
    assigned: (n) => `Se le ha asignado «${n}»`,
    taskStatus: (n, s) => `Acción correctiva «${n}»: ${s}`,
    verified: (n) => `Acción correctiva verificada: «${n}»`,
    reminder: (n) => `Acción correctiva vencida: «${n}»`,
    evidenceReview: (n) => `Evidencia pendiente de revisión: «${n}»`,
  },
  en: {
    status: (n, s) => `Incident “${n}”: ${s}`,
    assigned: (n) => `“${n}” was assigned to you`,
    taskStatus: (n, s) => `Corrective action “${n}”: ${s}`,
    verified: (n) => `Corrective action verified: “${n}”`,
    reminder: (n) => `Overdue corrective action: “${n}”`,
    evidenceReview: (n) => `Evidence awaiting review: “${n}”`,
  },
};

/** A status's name in a language (Spanish unless English); an unknown one as it comes. */
export const statusName = (language: string, status: string) => STATUS[language === 'en' ? 'en' : 'es'][status] ?? status;

export function mailText(language: string, notice: { event: string; status: string; name: string; link: string }) {
  const lang = language === 'en' ? 'en' : 'es';
  const status = STATUS[lang][notice.status] ?? notice.status;
  const subject = SUBJECT[lang][notice.event]!(notice.name, status);
  const open = lang === 'en' ? 'Open it' : 'Ábrala';
  return { subject, text: `${subject}\n\n${open}: ${notice.link}\n` };
}
