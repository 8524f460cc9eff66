-- Sessions are answered from memory while the server hears of every change to users and their tokens: each
-- statement that changes one notifies, at its commit, every server listening (one per instance).
CREATE OR REPLACE FUNCTION "freight_session_change_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('freight_session_change', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sys_user_session_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_user"
  FOR EACH STATEMENT EXECUTE FUNCTION "freight_session_change_notify"();
--> statement-breakpoint
CREATE TRIGGER "sys_user_token_session_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_user_token"
  FOR EACH STATEMENT EXECUTE FUNCTION "freight_session_change_notify"();
