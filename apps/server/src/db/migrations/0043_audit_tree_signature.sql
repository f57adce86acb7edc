-- The audit tree's signature (decisions 0034 and 0060) as a function: the same value as the
-- statement tree-repo.ts used to send (per tree table, an md5 of its rows' (id, xmin) pairs in id
-- order), but PL/pgSQL keeps the plans of its seven queries for the session, so the audit GET no
-- longer parses and plans them on every request, and the audit row's query can carry it (one
-- statement instead of three). SECURITY INVOKER: the caller's Row Level Security applies, as before.
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
