-- Each queue claims its own due jobs for its own slots (server/infra/job-queue.ts): the due index
-- leads with the queue, so claiming a few emails never walks past a backlog of pushes.
DROP INDEX "jobs_due_idx";--> statement-breakpoint
CREATE INDEX "jobs_queue_due_idx" ON "jobs" USING btree ("queue","run_at","id") WHERE "jobs"."completed_at" is null and "jobs"."failed_at" is null;