-- A calendar event's status from the statuses of its deliveries (docs/decisions/080), for the
-- publishing worker's single-statement claim and settle (docs/decisions/083). The same rule as
-- eventStatusFor in publishing.service.ts; a test compares the two on every combination.
-- NULL when the deliveries say nothing (none, or only drafts).
CREATE FUNCTION app.event_status_for("statuses" text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN a.n = 0 THEN NULL
    WHEN a.live = 0 THEN CASE WHEN a.cancelled = a.n THEN 'cancelled' END
    WHEN a.published = a.live THEN 'published'
    WHEN a.pending > 0 THEN CASE WHEN a.live > a.scheduled THEN 'publishing' ELSE 'scheduled' END
    WHEN a.unconfirmed > 0 THEN 'unconfirmed'
    ELSE 'failed'
  END
  FROM (
    SELECT count(*) AS n,
           count(*) FILTER (WHERE s NOT IN ('cancelled', 'draft')) AS live,
           count(*) FILTER (WHERE s = 'cancelled') AS cancelled,
           count(*) FILTER (WHERE s = 'published') AS published,
           count(*) FILTER (WHERE s IN ('scheduled', 'publishing')) AS pending,
           count(*) FILTER (WHERE s = 'scheduled') AS scheduled,
           count(*) FILTER (WHERE s = 'unconfirmed') AS unconfirmed
      FROM unnest("statuses") AS s
  ) AS a
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.event_status_for(text[]) TO "app_runtime";
