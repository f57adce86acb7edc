-- The kept audit GET's version (decisions 0034 and 0060) in functions whose plans PL/pgSQL keeps for
-- the session: the request no longer parses and plans the audit row's query (seven subqueries for
-- the names, under Row Level Security) nor the signature's seven queries; one short statement.
-- Both are SECURITY INVOKER: the caller's Row Level Security applies, as in the queries they replace.
--
-- audit_tree_signature: the same value as the statement tree-repo.ts used to send (per tree table,
-- an md5 of its rows' (id, xmin) pairs in id order).
CREATE OR REPLACE FUNCTION audit_tree_signature(p_audit uuid) RETURNS text
LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  RETURN concat_ws('/',
    (SELECT md5(coalesce(string_agg(t.id::text || ':' || t.xmin::text, ',' ORDER BY t.id), '')) FROM public.audit_sections t WHERE t.audit_id = p_audit),
    (SELECT md5(coalesce(string_agg(t.id::text || ':' || t.xmin::text, ',' ORDER BY t.id), '')) FROM public.audit_fields t WHERE t.audit_id = p_audit),
    (SELECT md5(coalesce(string_agg(t.id::text || ':' || t.xmin::text, ',' ORDER BY t.id), '')) FROM public.audit_questions t WHERE t.audit_id = p_audit),
    (SELECT md5(coalesce(string_agg(t.id::text || ':' || t.xmin::text, ',' ORDER BY t.id), '')) FROM public.audit_answers t WHERE t.audit_id = p_audit),
    (SELECT md5(coalesce(string_agg(t.id::text || ':' || t.xmin::text, ',' ORDER BY t.id), '')) FROM public.audit_issues t WHERE t.audit_id = p_audit),
    (SELECT md5(coalesce(string_agg(t.id::text || ':' || t.xmin::text, ',' ORDER BY t.id), '')) FROM public.audit_media t WHERE t.audit_id = p_audit),
    (SELECT md5(coalesce(string_agg(t.id::text || ':' || t.xmin::text, ',' ORDER BY t.id), '')) FROM public.audit_questionnaires t WHERE t.audit_id = p_audit));
END
$fn$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION audit_tree_signature(uuid) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION audit_tree_signature(uuid) TO audit_app;
--> statement-breakpoint
-- audit_read_version: what the kept GET needs of the audit row, read as findAuditHead reads it (the
-- caller's scope, then the names it points at, null when the caller cannot see them): the fields
-- `can` and the names depend on, the row's version (its xmin: any update writes a new one), the
-- tree's signature and the establishment's time zone. No row when the caller cannot see the audit.
CREATE OR REPLACE FUNCTION audit_read_version(p_audit uuid, p_scope text)
RETURNS TABLE (
  status text, auditor_id uuid, owner_id uuid, row_version text,
  client_name text, establishment_name text, service_name text, is_pool_service boolean,
  area_access_name text, auditor_name text, owner_name text, tree_signature text, time_zone text)
LANGUAGE plpgsql STABLE AS $fn$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT a.status, a.auditor_id, a.owner_id, a.xmin::text,
    (SELECT s.name FROM public.spaces s WHERE s.id = a.client_id),
    (SELECT s.name FROM public.spaces s WHERE s.id = a.establishment_id),
    (SELECT v.name FROM public.services v WHERE v.id = a.service_id),
    (SELECT v.is_pool_service FROM public.services v WHERE v.id = a.service_id),
    (SELECT t.name FROM public.area_types t WHERE t.id = a.area_access_id),
    (SELECT u.first_name || coalesce(' ' || u.last_name, '') FROM public.users u WHERE u.id = a.auditor_id),
    (SELECT u.first_name || coalesce(' ' || u.last_name, '') FROM public.users u WHERE u.id = a.owner_id),
    audit_tree_signature(a.id),
    space_time_zone(a.secure_space_path)
  FROM public.audits a
  WHERE a.id = p_audit AND starts_with(a.secure_space_path, p_scope)
  LIMIT 1;
END
$fn$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION audit_read_version(uuid, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION audit_read_version(uuid, text) TO audit_app;
