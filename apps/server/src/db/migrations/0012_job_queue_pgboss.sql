-- The home-made queue gives way to pg-boss (docs/decisions/0016); pg-boss installs its own schema
-- (pgboss) when the server starts. Jobs still waiting in this table are not carried over: upgrade
-- once it holds no job with status queued or running.
DROP TABLE "jobs" CASCADE;
