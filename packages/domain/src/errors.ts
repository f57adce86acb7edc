/**
 * The error catalogue of the calls document, section 8, as data.
 * The server answers every error as HTTP status + {name, reference, message};
 * the web shows the translated text keyed alert.error.{name}.{reference}.
 * Entries marked `projectAddition` are not in the spec's table; see docs/decisions/0002-error-catalogue.md.
 */
export type TErrorName =
  'INTERNALERROR' | 'BADREQUESTERROR' | 'NOTFOUND' | 'UNAUTHORIZEDERROR' | 'BADCREDENTIALSERROR' | 'USERNOTVERIFIEDERROR' | 'USERNOTLOCKERROR';

export interface TCatalogueEntry {
  name: TErrorName;
  reference: string;
  status: number;
  es: string;
  en: string;
  projectAddition?: boolean;
}

const e = (name: TErrorName, reference: string | number, status: number, es: string, en: string, projectAddition = false): TCatalogueEntry => ({
  name,
  reference: String(reference),
  status,
  es,
  en,
  ...(projectAddition ? { projectAddition } : {}),
});

/**
 * Every entry under a name the code uses (`new AppError('notAssigned')`), never a bare number: a
 * typo or a code that is not in the catalogue does not compile.
 */
export const CATALOGUE = {
  internal: e(
    'INTERNALERROR',
    0,
    500,
    'Problema de persistencia; revise la integridad de los datos o consulte a un administrador.',
    'Persistence problem; check data integrity or ask an administrator.',
  ),
  persistence: e(
    'BADREQUESTERROR',
    0,
    400,
    'Problema de persistencia; revise la integridad de los datos o consulte a un administrador.',
    'Persistence problem; check data integrity or ask an administrator.',
  ),
  invalidData: e('BADREQUESTERROR', 400, 400, 'Los datos enviados no son válidos.', 'The data sent is not valid.', true),
  idsRequired: e('BADREQUESTERROR', 410, 400, 'Se requieren los identificadores de la entidad.', 'Entity identifiers are required.'),
  badIdFormat: e('BADREQUESTERROR', 412, 400, 'Formato de identificador no válido.', 'Invalid identifier format.'),
  alreadyExists: e('BADREQUESTERROR', 420, 409, 'Los datos ya existen.', 'The data already exists.'),
  userIsWorker: e('BADREQUESTERROR', 421, 409, 'El usuario ya está asignado a un trabajador.', 'The user is already assigned to a worker.'),
  similarData: e('BADREQUESTERROR', 422, 409, 'Se han encontrado datos similares.', 'Similar data was found.'),
  emailTaken: e('BADREQUESTERROR', 423, 409, 'Ya existe un usuario registrado con este correo electrónico.', 'A user is already registered with this e-mail.'),
  tooManyAttempts: e(
    'BADREQUESTERROR',
    429,
    429,
    'Demasiados intentos. Espere un momento y vuelva a intentarlo.',
    'Too many attempts. Wait a moment and try again.',
    true,
  ),
  outsideSpace: e('BADREQUESTERROR', 451, 403, 'Acción no permitida fuera del espacio.', 'Illegal action outside the space.'),
  forbidden: e('BADREQUESTERROR', 452, 403, 'Permisos insuficientes.', 'Insufficient permissions.'),
  provinceRefused: e('BADREQUESTERROR', 453, 400, 'No se puede actuar sobre la provincia seleccionada.', 'Cannot act on the selected province.'),
  municipalityRefused: e('BADREQUESTERROR', 456, 400, 'No se puede actuar sobre el municipio seleccionado.', 'Cannot act on the selected municipality.'),
  permissionCheckFailed: e('BADREQUESTERROR', 458, 500, 'Error al comprobar los permisos.', 'Error checking permissions.'),
  reportFailed: e('BADREQUESTERROR', 462, 500, 'No se ha podido generar el informe.', 'The report could not be generated.'),
  failedWithoutIssues: e('BADREQUESTERROR', 493, 400, 'Hay respuestas falladas sin incidencias.', 'There are failed answers without incidents.'),
  notAssigned: e('BADREQUESTERROR', 494, 403, 'No puede ejecutar una auditoría que no tiene asignada.', 'You cannot run an audit that is not assigned to you.'),
  issuesWithoutFailure: e(
    'BADREQUESTERROR',
    495,
    400,
    'Hay respuestas no falladas con incidencias, o incidencias resueltas in situ sin marcar como resueltas.',
    'There are non-failed answers with incidents, or solved-in-place issues not marked solved.',
  ),
  contactMissing: e('BADREQUESTERROR', 496, 400, 'Falta el nombre o el correo electrónico en los contactos.', 'Missing name or e-mail in contacts.'),
  contactEmailInvalid: e('BADREQUESTERROR', 497, 400, 'Hay correos electrónicos mal formados en los contactos.', 'Badly formatted e-mails in contacts.'),
  needsCorrectiveActions: e(
    'BADREQUESTERROR',
    590,
    400,
    'La incidencia no se puede resolver sin acciones correctivas del cliente.',
    'The issue cannot be resolved without client corrective actions.',
  ),
  templateWithoutService: e('BADREQUESTERROR', 692, 400, 'La plantilla no tiene servicio.', 'The template has no service.'),
  roleAssigned: e('BADREQUESTERROR', 818, 409, 'El rol que quiere eliminar está asignado a un usuario.', 'The role to delete is assigned to a user.'),
  systemRole: e(
    'BADREQUESTERROR',
    'ROL0001',
    409,
    'Los roles del sistema no se pueden renombrar ni eliminar, y los de administración conservan sus permisos.',
    'System roles cannot be renamed or deleted, and the administration roles keep their permissions.',
    true,
  ),
  noDataInRange: e('BADREQUESTERROR', 832, 404, 'No hay datos para el rango de fechas.', 'No data for the date range.'),
  noFacilities: e('BADREQUESTERROR', 844, 400, 'No hay instalaciones asociadas.', 'No associated facilities.'),
  surnameCase: e(
    'BADREQUESTERROR',
    921,
    400,
    'El apellido solo debe tener en mayúscula la primera letra.',
    'The surname must have only its first letter capitalised.',
  ),
  templateWithoutFacilityType: e('BADREQUESTERROR', 934, 400, 'La plantilla no tiene tipo de instalación.', 'The template has no facility type.'),
  sectionCopiesLimit: e(
    'BADREQUESTERROR',
    2222,
    400,
    'Se ha alcanzado el límite de secciones duplicables.',
    'The limit of duplicable sections has been reached.',
  ),
  templateEmpty: e('BADREQUESTERROR', 10021, 400, 'La plantilla no puede estar vacía.', 'The template cannot be empty.'),
  registerLocked: e(
    'BADREQUESTERROR',
    'RLD0001',
    409,
    'Un administrador está modificando el registro; inténtelo más tarde.',
    'The log is being modified by an administrator; try later.',
  ),
  dateOutsidePeriod: e('BADREQUESTERROR', 'RCL0001', 400, 'La fecha debe estar en el periodo actual.', 'The date must be in the current period.'),
  unanswered: e('BADREQUESTERROR', 'AUD0001', 400, 'Faltan preguntas por responder.', 'Some questions are not answered yet.', true),
  statusRefused: e(
    'BADREQUESTERROR',
    'AUD0002',
    409,
    'El estado de la auditoría no permite esta acción.',
    'The audit status does not allow this action.',
    true,
  ),
  incidentStatusRefused: e(
    'BADREQUESTERROR',
    'ISS0001',
    409,
    'El estado de la incidencia no permite este cambio.',
    'The incident status does not allow this change.',
    true,
  ),
  taskStatusRefused: e(
    'BADREQUESTERROR',
    'ISS0002',
    409,
    'El estado de la acción correctiva no permite este cambio.',
    'The corrective action status does not allow this change.',
    true,
  ),
  incidentSuperseded: e(
    'BADREQUESTERROR',
    'ISS0003',
    409,
    'Esta incidencia está sustituida: se conserva como registro y ya no se puede modificar.',
    'This incident is superseded: it is kept as a record and can no longer be changed.',
    true,
  ),
  auditIncomplete: e('BADREQUESTERROR', 'AUD0003', 400, 'La información de la auditoría está incompleta.', 'The audit information is incomplete.', true),
  visitBeforeStart: e(
    'BADREQUESTERROR',
    'AUD0004',
    400,
    'Las fechas de visita no pueden ser anteriores a la fecha de inicio de la auditoría.',
    'The visit dates cannot be before the audit start date.',
    true,
  ),
  // The database cannot be reached (restart, failover, network cut): nothing was saved; the
  // answer carries Retry-After and the offline queue keeps the change to send it again.
  // A visit moved to a day its client's visit window refuses (decision 0087): one entry per reason, so the message says why.
  visitClosedMonth: e(
    'BADREQUESTERROR',
    'VIS0001',
    400,
    'El cliente no admite visitas en ese mes (fuera de sus meses de apertura).',
    'The client takes no visits in that month (outside its open months).',
    true,
  ),
  visitNotVisitDay: e(
    'BADREQUESTERROR',
    'VIS0002',
    400,
    'Ese día del mes es un día sin visitas del cliente.',
    'That day of the month is one of the client’s no-visit days.',
    true,
  ),
  visitNotOnVisitDays: e(
    'BADREQUESTERROR',
    'VIS0003',
    400,
    'Ese día no está entre los días de visita del cliente.',
    'That day is not one of the client’s visit days.',
    true,
  ),
  databaseUnavailable: e(
    'INTERNALERROR',
    'DB0001',
    503,
    'El servicio no está disponible en este momento; se reintentará en unos segundos.',
    'The service is unavailable right now; it will be retried in a few seconds.',
    true,
  ),
  requestInProgress: e(
    'BADREQUESTERROR',
    'IDEM0001',
    409,
    'Esta petición ya se está procesando; se reintentará.',
    'This request is already being processed; it will be retried.',
    true,
  ),
  onlyImages: e('BADREQUESTERROR', 'FIL0001', 415, 'Solo se admiten imágenes.', 'Only images are allowed.', true),
  onlyPdf: e('BADREQUESTERROR', 'FIL0003', 415, 'Solo se admiten archivos PDF.', 'Only PDF files are allowed.', true),
  fileTypeMismatch: e(
    'BADREQUESTERROR',
    'FIL0004',
    415,
    'El contenido del archivo no corresponde a su tipo, o ese tipo no se admite.',
    'The file content does not match its type, or that type is not allowed.',
    true,
  ),
  labIncidentStatusRefused: e(
    'BADREQUESTERROR',
    'LAB0001',
    409,
    'El estado de la incidencia de laboratorio no permite este cambio.',
    'The lab incident status does not allow this change.',
    true,
  ),
  labImportInvalid: e(
    'BADREQUESTERROR',
    'LAB0002',
    400,
    'El archivo tiene filas con errores; no se ha importado nada.',
    'The file has rows with errors; nothing was imported.',
    true,
  ),
  timeZoneInvalid: e('BADREQUESTERROR', 'TZ0001', 400, 'La zona horaria no es válida.', 'The time zone is not valid.', true),
  fileTooLarge: e('BADREQUESTERROR', 'FIL0002', 413, 'El archivo es demasiado grande.', 'The file is too large.', true),
  unsafeText: e('BADREQUESTERROR', 'STR0001', 400, 'El texto contiene caracteres no admitidos.', 'The text contains characters that are not allowed.', true),
  passwordReused: e('BADREQUESTERROR', 'PWD0001', 400, 'La contraseña ya se ha usado; elija otra.', 'The password was used before; choose another.', true),
  currentPasswordWrong: e('BADREQUESTERROR', 'PWD0002', 400, 'La contraseña actual no es correcta.', 'The current password is not correct.', true),
  auditorRoleMismatch: e(
    'BADREQUESTERROR',
    'USR0001',
    400,
    'El rol auditor y el interruptor Auditor deben ir juntos.',
    'The auditor role and the Auditor switch go together.',
    true,
  ),
  requestTooLarge: e('BADREQUESTERROR', 'REQ0001', 413, 'La petición es demasiado grande.', 'The request is too large.', true),
  requestTooDeep: e(
    'BADREQUESTERROR',
    'REQ0002',
    400,
    'Los datos enviados tienen demasiados niveles de anidamiento.',
    'The data sent is nested too deeply.',
    true,
  ),
  outOfRange: e('BADREQUESTERROR', 'VAL0001', 400, 'El valor está fuera del rango permitido.', 'The value is outside the allowed range.', true),
  textTooLong: e('BADREQUESTERROR', 'VAL0002', 400, 'El texto supera la longitud máxima.', 'The text is longer than allowed.', true),
  linkExpired: e('BADREQUESTERROR', 'LNK0001', 410, 'El enlace ha caducado o no es válido.', 'The link has expired or is not valid.', true),
  signupDisabled: e('BADREQUESTERROR', 'ACC0001', 403, 'El registro está desactivado por configuración.', 'Registration is disabled by configuration.', true),
  captchaInvalid: e(
    'BADREQUESTERROR',
    'ACC0002',
    400,
    'La verificación anti-robots no es válida; inténtelo de nuevo.',
    'The anti-robot check is not valid; try again.',
    true,
  ),
  socialNotConfigured: e('BADREQUESTERROR', 'SOC0001', 404, 'El inicio de sesión con Google no está configurado.', 'Google sign-in is not configured.', true),
  socialSigninFailed: e(
    'BADREQUESTERROR',
    'SOC0002',
    401,
    'No se ha podido verificar el inicio de sesión con Google; inténtelo de nuevo.',
    'The Google sign-in could not be verified; try again.',
    true,
  ),
  socialEmailUnverified: e(
    'BADREQUESTERROR',
    'SOC0003',
    403,
    'Google no ha verificado esta dirección de correo electrónico.',
    'Google has not verified this e-mail address.',
    true,
  ),
  socialNoAccount: e(
    'BADREQUESTERROR',
    'SOC0004',
    403,
    'Ninguna cuenta usa este correo de Google. Regístrese o pida una invitación a un administrador.',
    'No account uses this Google e-mail. Sign up or ask an administrator for an invitation.',
    true,
  ),
  codeAttemptsSpent: e(
    'BADREQUESTERROR',
    'ACC0003',
    410,
    'Demasiados intentos con este código; ya no es válido. Pida uno nuevo.',
    'Too many attempts with this code; it is no longer valid. Ask for a new one.',
    true,
  ),
  notFound: e('NOTFOUND', 415, 404, 'Entidad no encontrada.', 'Entity not found.'),
  routeNotFound: e('NOTFOUND', 'RTE0001', 404, 'La dirección pedida no existe.', 'The requested address does not exist.', true),
  sessionExpired: e('UNAUTHORIZEDERROR', 401, 401, 'Su sesión ha caducado. Vuelva a iniciar sesión.', 'Your session has expired. Sign in again.', true),
  cannotAssignRoles: e('UNAUTHORIZEDERROR', 410, 403, 'No tiene permiso para asignar roles.', 'You have no permission to assign roles.'),
  badCredentials: e('BADCREDENTIALSERROR', 490, 401, 'Credenciales no válidas.', 'Invalid credentials.'),
  notVerified: e('USERNOTVERIFIEDERROR', 491, 403, 'Usuario no verificado.', 'User not verified.'),
  locked: e('USERNOTLOCKERROR', 492, 403, 'Cuenta bloqueada. Vuelva a intentarlo más tarde.', 'Account blocked. Try again later.'),
} as const satisfies Record<string, TCatalogueEntry>;

/** The named error codes of the catalogue. */
export type TErrorCode = keyof typeof CATALOGUE;
export const ERROR_CODES = Object.keys(CATALOGUE) as TErrorCode[];
export const ERROR_CATALOGUE: readonly TCatalogueEntry[] = Object.values(CATALOGUE);

export const errorKey = (name: string, reference: string | number) => `${name}.${reference}`;

const byKey = new Map(ERROR_CATALOGUE.map((entry) => [errorKey(entry.name, entry.reference), entry]));

export function findCatalogueEntry(name: string, reference: string | number): TCatalogueEntry | undefined {
  return byKey.get(errorKey(name, reference));
}

const codeByKey = new Map(ERROR_CODES.map((code) => [errorKey(CATALOGUE[code].name, CATALOGUE[code].reference), code]));
/** The named code of a catalogue entry (e.g. a finishing problem's reference), if it is one. */
export const errorCodeOf = (name: TErrorName, reference: string | number): TErrorCode | undefined => codeByKey.get(errorKey(name, reference));

/** The body every error response carries. `fields` names offending fields of a validation failure. */
export interface TErrorBody {
  name: TErrorName;
  reference: string;
  message: string;
  fields?: string[];
  requestId?: string;
}
