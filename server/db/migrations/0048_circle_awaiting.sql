-- Issue 39 §2: a participant instance knows when the circle's coordinator stopped answering (a
-- move of ours unanswered for 24 h) and expires its copy instead of hanging on it.
ALTER TABLE "federated_circles" ADD COLUMN "awaiting_since" timestamp with time zone;
