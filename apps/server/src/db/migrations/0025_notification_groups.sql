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
