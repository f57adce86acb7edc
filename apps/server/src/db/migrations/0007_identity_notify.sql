-- A request's identity (status, lock, roles, permissions, memberships) may be cached by the server
-- only while nothing changes it: every change to these tables announces the user it concerns on
-- the channel identity_changed ('*' for a role, which concerns everyone holding it). NOTIFY is
-- delivered at commit, so a lock or a role change reaches every server as soon as it is saved.
CREATE OR REPLACE FUNCTION notify_identity_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('identity_changed', COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_identity_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('identity_changed', COALESCE(NEW.user_id, OLD.user_id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_identity_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('identity_changed', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_identity_changed AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION notify_identity_user();--> statement-breakpoint
CREATE TRIGGER user_roles_identity_changed AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH ROW EXECUTE FUNCTION notify_identity_member();--> statement-breakpoint
CREATE TRIGGER user_spaces_identity_changed AFTER INSERT OR UPDATE OR DELETE ON "user_spaces" FOR EACH ROW EXECUTE FUNCTION notify_identity_member();--> statement-breakpoint
CREATE TRIGGER roles_identity_changed AFTER UPDATE OR DELETE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_all();
