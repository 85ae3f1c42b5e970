CREATE TABLE "system"."worker_tools" (
	"worker" text PRIMARY KEY NOT NULL,
	"ffmpeg_version" text,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
-- No grant to app_runtime, as for every system table: the job workers write it and the storage
-- usage answer reads it outside row-level security (decision 025).
