/**
 * The error catalogue of the calls document, section 8, as data.
 * The server answers every error as HTTP status + {name, reference, message};
 * the web shows the translated text keyed alert.error.{name}.{reference}.
 * Entries marked `projectAddition` are not in the spec's table; see docs/decisions/0002-error-catalogue.md.
 */
export type TErrorName =
  | 'INTERNALERROR'
  | 'BADREQUESTERROR'
  | 'NOTFOUND'
  | 'UNAUTHORIZEDERROR'
  | 'BADCREDENTIALSERROR'
  | 'USERNOTVERIFIEDERROR'
  | 'USERNOTLOCKERROR';

export interface TCatalogueEntry {
  name: TErrorName;
  reference: string;
  status: number;
  es: string;
  en: string;
  projectAddition?: boolean;
}

const e = (name: TErrorName, reference: string | number, status: number, es: string, en: string, projectAddition = false): TCatalogueEntry =>
  ({ name, reference: String(reference), status, es, en, ...(projectAddition ? { projectAddition } : {}) });

export const ERROR_CATALOGUE: readonly TCatalogueEntry[] = [
  e('INTERNALERROR', 0, 500, 'Problema de persistencia; revise la integridad de los datos o consulte a un administrador.', 'Persistence problem; check data integrity or ask an administrator.'),
  e('BADREQUESTERROR', 0, 400, 'Problema de persistencia; revise la integridad de los datos o consulte a un administrador.', 'Persistence problem; check data integrity or ask an administrator.'),
  e('BADREQUESTERROR', 400, 400, 'Los datos enviados no son válidos.', 'The data sent is not valid.', true),
  e('BADREQUESTERROR', 410, 400, 'Se requieren los identificadores de la entidad.', 'Entity identifiers are required.'),
  e('BADREQUESTERROR', 412, 400, 'Formato de identificador no válido.', 'Invalid identifier format.'),
  e('BADREQUESTERROR', 420, 409, 'Los datos ya existen.', 'The data already exists.'),
  e('BADREQUESTERROR', 421, 409, 'El usuario ya está asignado a un trabajador.', 'The user is already assigned to a worker.'),
  e('BADREQUESTERROR', 422, 409, 'Se han encontrado datos similares.', 'Similar data was found.'),
  e('BADREQUESTERROR', 423, 409, 'Ya existe un usuario registrado con este correo electrónico.', 'A user is already registered with this e-mail.'),
  e('BADREQUESTERROR', 429, 429, 'Demasiados intentos. Espere un momento y vuelva a intentarlo.', 'Too many attempts. Wait a moment and try again.', true),
  e('BADREQUESTERROR', 451, 403, 'Acción no permitida fuera del espacio.', 'Illegal action outside the space.'),
  e('BADREQUESTERROR', 452, 403, 'Permisos insuficientes.', 'Insufficient permissions.'),
  e('BADREQUESTERROR', 453, 400, 'No se puede actuar sobre la provincia seleccionada.', 'Cannot act on the selected province.'),
  e('BADREQUESTERROR', 456, 400, 'No se puede actuar sobre el municipio seleccionado.', 'Cannot act on the selected municipality.'),
  e('BADREQUESTERROR', 458, 500, 'Error al comprobar los permisos.', 'Error checking permissions.'),
  e('BADREQUESTERROR', 462, 500, 'No se ha podido generar el informe.', 'The report could not be generated.'),
  e('BADREQUESTERROR', 493, 400, 'Hay respuestas falladas sin incidencias.', 'There are failed answers without incidents.'),
  e('BADREQUESTERROR', 494, 403, 'No puede ejecutar una auditoría que no tiene asignada.', 'You cannot run an audit that is not assigned to you.'),
  e('BADREQUESTERROR', 495, 400, 'Hay respuestas no falladas con incidencias, o incidencias resueltas in situ sin marcar como resueltas.', 'There are non-failed answers with incidents, or solved-in-place issues not marked solved.'),
  e('BADREQUESTERROR', 496, 400, 'Falta el nombre o el correo electrónico en los contactos.', 'Missing name or e-mail in contacts.'),
  e('BADREQUESTERROR', 497, 400, 'Hay correos electrónicos mal formados en los contactos.', 'Badly formatted e-mails in contacts.'),
  e('BADREQUESTERROR', 590, 400, 'La incidencia no se puede resolver sin acciones correctivas del cliente.', 'The issue cannot be resolved without client corrective actions.'),
  e('BADREQUESTERROR', 692, 400, 'La plantilla no tiene servicio.', 'The template has no service.'),
  e('BADREQUESTERROR', 818, 409, 'El rol que quiere eliminar está asignado a un usuario.', 'The role to delete is assigned to a user.'),
  e('BADREQUESTERROR', 832, 404, 'No hay datos para el rango de fechas.', 'No data for the date range.'),
  e('BADREQUESTERROR', 844, 400, 'No hay instalaciones asociadas.', 'No associated facilities.'),
  e('BADREQUESTERROR', 921, 400, 'El apellido solo debe tener en mayúscula la primera letra.', 'The surname must have only its first letter capitalised.'),
  e('BADREQUESTERROR', 934, 400, 'La plantilla no tiene tipo de instalación.', 'The template has no facility type.'),
  e('BADREQUESTERROR', 2222, 400, 'Se ha alcanzado el límite de secciones duplicables.', 'The limit of duplicable sections has been reached.'),
  e('BADREQUESTERROR', 10021, 400, 'La plantilla no puede estar vacía.', 'The template cannot be empty.'),
  e('BADREQUESTERROR', 'RLD0001', 409, 'Un administrador está modificando el registro; inténtelo más tarde.', 'The log is being modified by an administrator; try later.'),
  e('BADREQUESTERROR', 'RCL0001', 400, 'La fecha debe estar en el periodo actual.', 'The date must be in the current period.'),
  e('BADREQUESTERROR', 'AUD0001', 400, 'Faltan preguntas por responder.', 'Some questions are not answered yet.', true),
  e('BADREQUESTERROR', 'AUD0002', 409, 'El estado de la auditoría no permite esta acción.', 'The audit status does not allow this action.', true),
  e('BADREQUESTERROR', 'AUD0003', 400, 'La información de la auditoría está incompleta.', 'The audit information is incomplete.', true),
  e('BADREQUESTERROR', 'IDEM0001', 409, 'Esta petición ya se está procesando; se reintentará.', 'This request is already being processed; it will be retried.', true),
  e('BADREQUESTERROR', 'FIL0001', 415, 'Solo se admiten imágenes.', 'Only images are allowed.', true),
  e('BADREQUESTERROR', 'TZ0001', 400, 'La zona horaria no es válida.', 'The time zone is not valid.', true),
  e('BADREQUESTERROR', 'FIL0002', 413, 'El archivo es demasiado grande.', 'The file is too large.', true),
  e('BADREQUESTERROR', 'STR0001', 400, 'El texto contiene caracteres no admitidos.', 'The text contains characters that are not allowed.', true),
  e('BADREQUESTERROR', 'REQ0001', 413, 'La petición es demasiado grande.', 'The request is too large.', true),
  e('BADREQUESTERROR', 'REQ0002', 400, 'Los datos enviados tienen demasiados niveles de anidamiento.', 'The data sent is nested too deeply.', true),
  e('NOTFOUND', 415, 404, 'Entidad no encontrada.', 'Entity not found.'),
  e('UNAUTHORIZEDERROR', 401, 401, 'Su sesión ha caducado. Vuelva a iniciar sesión.', 'Your session has expired. Sign in again.', true),
  e('UNAUTHORIZEDERROR', 410, 403, 'No tiene permiso para asignar roles.', 'You have no permission to assign roles.'),
  e('BADCREDENTIALSERROR', 490, 401, 'Credenciales no válidas.', 'Invalid credentials.'),
  e('USERNOTVERIFIEDERROR', 491, 403, 'Usuario no verificado.', 'User not verified.'),
  e('USERNOTLOCKERROR', 492, 403, 'Cuenta bloqueada. Vuelva a intentarlo más tarde.', 'Account blocked. Try again later.'),
];

export const errorKey = (name: string, reference: string | number) => `${name}.${reference}`;

const byKey = new Map(ERROR_CATALOGUE.map((entry) => [errorKey(entry.name, entry.reference), entry]));

export function findCatalogueEntry(name: string, reference: string | number): TCatalogueEntry | undefined {
  return byKey.get(errorKey(name, reference));
}

/** The body every error response carries. `fields` names offending fields of a validation failure. */
export interface TErrorBody {
  name: TErrorName;
  reference: string;
  message: string;
  fields?: string[];
  requestId?: string;
}
