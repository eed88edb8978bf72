-- A round a solver has claimed is 'solving' (issue 36 §1): the solver runs in a worker thread with no
-- transaction open, and stores its answer only if the round is still in that state, from that claim
-- (updated_at), so that a scheduled solve and a "solve now" on any app server solve it once.
ALTER TABLE "rounds" DROP CONSTRAINT "rounds_state_check";--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_state_check" CHECK ("rounds"."state" in ('open', 'solving', 'solved', 'closed'));