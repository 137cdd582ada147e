-- array_to_string is only STABLE; generated columns need an IMMUTABLE expression.
CREATE OR REPLACE FUNCTION agora_immutable_join(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string($1, ' '), '') $$;
