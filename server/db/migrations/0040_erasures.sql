-- Issue 40 §1: an erased account keeps its row as a tombstone ("Deleted member") so the other
-- party's offers, chats, circles and ratings stay whole; erased_at says when it was erased.
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;
