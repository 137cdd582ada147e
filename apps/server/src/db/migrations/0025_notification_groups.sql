-- Notifications that many people cause about one thing are grouped: while a recipient has an
-- unread notification with a group key (`follow:<recipient>`, `idea-like:<idea>`, …), a new event
-- updates that row (count, title, time) instead of adding one (notifications.service.ts notify).
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS group_key text;
--> statement-breakpoint
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS count integer NOT NULL DEFAULT 1;
--> statement-breakpoint
ALTER TABLE notifications ADD CONSTRAINT notifications_count_check CHECK (count >= 1);
--> statement-breakpoint
-- At most one unread notification per recipient and group: racing events meet here (ON CONFLICT),
-- so a group never splits in two, whatever the code asks for.
CREATE UNIQUE INDEX IF NOT EXISTS notifications_open_group_idx ON notifications (user_id, group_key)
  WHERE read_at IS NULL AND group_key IS NOT NULL;
--> statement-breakpoint
-- Once-only events of grouped kinds (a follower, a like of an idea) can no longer be remembered by
-- the notification's id, which many events now share: each once-key's id is kept here instead.
CREATE TABLE IF NOT EXISTS notification_once (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  PRIMARY KEY (user_id, id)
);
--> statement-breakpoint
-- The once-only notifications stored before: their ids are the once-keys' ids (UUID version 8,
-- onceNotificationId), so following again after an upgrade does not notify again either.
INSERT INTO notification_once (user_id, id)
  SELECT user_id, id FROM notifications
   WHERE type IN ('follower', 'idea_like') AND substr(id::text, 15, 1) = '8'
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Names shown to others never carry text-direction controls (which redraw "\u202erotartsinimdA" as
-- "Administrator") or zero-width spaces, nor control characters: the shared name rule refuses
-- them (domain/visible-text.ts), and the database refuses them too. The zero-width joiner is not
-- listed: the rule keeps it between two emoji. Names stored before lose these characters; one
-- left with nothing visible becomes "Agora user".
UPDATE users
   SET name = coalesce(nullif(btrim(regexp_replace(name, '[\u0001-\u001f\u007f\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]', '', 'g')), ''), 'Agora user')
 WHERE name ~ '[\u0001-\u001f\u007f\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]';
--> statement-breakpoint
UPDATE users
   SET display_name = coalesce(nullif(btrim(regexp_replace(display_name, '[\u0001-\u001f\u007f\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]', '', 'g')), ''), 'Agora user')
 WHERE display_name ~ '[\u0001-\u001f\u007f\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]';
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_names_visible_check CHECK (
  name !~ '[\u0001-\u001f\u007f\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]'
  AND display_name !~ '[\u0001-\u001f\u007f\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]'
);
