/**
 * The names a goal row shows. A goal keeps the id of its service and templates; when one of them
 * has been deleted since, the row says so ("Servicio eliminado") rather than showing the raw id,
 * and the row stays visible so that the user can remove it.
 */
export interface TGoalName {
  name: string;
  deleted: boolean;
}

export function nameAmong(id: string, items: readonly { _id: string; name: string }[] | undefined, deletedLabel: string): TGoalName {
  // While the list is loading nothing is known yet: no name rather than a wrong "deleted".
  if (!items) return { name: '', deleted: false };
  const found = items.find((item) => item._id === id);
  return found ? { name: found.name, deleted: false } : { name: deletedLabel, deleted: true };
}
